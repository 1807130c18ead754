import {
  Controller,
  Delete,
  Get,
  NotFoundException,
  Param,
  Put,
  Req,
  Route,
  Sse,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { Conditional } from "./conditional-decorator.js";
import { conditionalProblemTypes } from "./conditional-problems.js";
import { conditionalRequests } from "./conditional-requests.js";
import { entityTag } from "./entity-tag.js";
import { expectConfigError, type Json, send, testApp } from "./test-helpers/test-app.js";

// One document whose version changes with each update: what optimistic concurrency protects.
const documents = new Map<string, { text: string; version: number }>();
let updates = 0;

@Route("/docs")
class DocumentController extends Controller {
  @Get("/:id")
  @Conditional()
  read(@Param("id") id: string) {
    const document = documents.get(id);
    if (!document) throw new NotFoundException("No such document.");
    this.setHeader("cache-control", "max-age=60");
    return document;
  }

  @Get("/:id/weak")
  @Conditional({ etag: "weak" })
  readWeak(@Param("id") id: string) {
    return documents.get(id);
  }

  @Get("/:id/versioned")
  @Conditional()
  versioned(@Param("id") id: string) {
    const document = documents.get(id) as { version: number };
    this.setHeader("etag", entityTag(document.version));
    this.setHeader("last-modified", new Date("2026-01-02T00:00:00Z").toUTCString());
    return { ...document, served: Math.random() };
  }

  @Get("/stream/bytes")
  @Conditional()
  stream() {
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("bytes"));
        controller.close();
      },
    });
  }

  @Put("/:id")
  @Conditional({ requireIfMatch: true })
  update(@Param("id") id: string, @Req() request: Request) {
    const document = documents.get(id);
    this.checkPreconditions(document && { etag: entityTag(document.version) });
    updates++;
    const next = {
      text: request.headers.get("x-text") ?? "",
      version: (document?.version ?? 0) + 1,
    };
    documents.set(id, next);
    this.setHeader("etag", entityTag(next.version));
    return next;
  }

  @Delete("/:id")
  @Conditional()
  remove(@Param("id") id: string) {
    const document = documents.get(id);
    this.checkPreconditions(document && { etag: entityTag(document.version) });
    documents.delete(id);
  }

  @Put("/unchecked/put")
  unchecked() {
    this.checkPreconditions({ etag: '"1"' });
  }
}

const app = testApp([DocumentController]);
const reset = () => {
  documents.set("a", { text: "hello", version: 1 });
  updates = 0;
};

describe("@Conditional on GET and HEAD", () => {
  it("sends a strong ETag hashed from the bytes, the same for the same bytes", async () => {
    reset();
    const first = await send(app, "GET", "/docs/a");
    const again = await send(app, "GET", "/docs/a");
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toMatch(/^"[0-9a-f]{16}"$/);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await first.json()).toEqual({ text: "hello", version: 1 });
    documents.set("a", { text: "changed", version: 2 });
    const changed = await send(app, "GET", "/docs/a");
    expect(changed.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answers a matching If-None-Match with 304: no body, the ETag and Cache-Control kept", async () => {
    reset();
    const etag = (await send(app, "GET", "/docs/a")).headers.get("etag") as string;
    for (const sent of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await send(app, "GET", "/docs/a", { headers: { "if-none-match": sent } });
      expect(answer.status, sent).toBe(304);
      expect(answer.headers.get("etag")).toBe(etag);
      expect(answer.headers.get("cache-control")).toBe("max-age=60");
      expect(answer.headers.get("content-type")).toBeNull();
      expect(await answer.text()).toBe("");
    }
    const stale = await send(app, "GET", "/docs/a", { headers: { "if-none-match": '"other"' } });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ text: "hello", version: 1 });
  });

  it("answers HEAD like GET: the same ETag, and 304 on a match", async () => {
    reset();
    const get = await send(app, "GET", "/docs/a");
    const head = await send(app, "HEAD", "/docs/a");
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    const etag = get.headers.get("etag") as string;
    const matched = await send(app, "HEAD", "/docs/a", { headers: { "if-none-match": etag } });
    expect(matched.status).toBe(304);
  });

  it("sends weak tags when asked, and compares them weakly", async () => {
    reset();
    const etag = (await send(app, "GET", "/docs/a/weak")).headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]{16}"$/);
    const strongForm = etag.slice(2);
    const matched = await send(app, "GET", "/docs/a/weak", {
      headers: { "if-none-match": strongForm },
    });
    expect(matched.status).toBe(304);
    // If-Match compares strongly: a weak tag never matches.
    const refused = await send(app, "GET", "/docs/a/weak", { headers: { "if-match": etag } });
    expect(refused.status).toBe(412);
  });

  it("keeps the handler's own validator and evaluates If-Modified-Since against Last-Modified", async () => {
    reset();
    const answer = await send(app, "GET", "/docs/a/versioned");
    expect(answer.headers.get("etag")).toBe('"1"');
    const tagged = await send(app, "GET", "/docs/a/versioned", {
      headers: { "if-none-match": '"1"' },
    });
    expect(tagged.status).toBe(304);
    const dated = await send(app, "GET", "/docs/a/versioned", {
      headers: { "if-modified-since": "Fri, 02 Jan 2026 00:00:00 GMT" },
    });
    expect(dated.status).toBe(304);
    expect(dated.headers.get("last-modified")).toBe("Fri, 02 Jan 2026 00:00:00 GMT");
    const older = await send(app, "GET", "/docs/a/versioned", {
      headers: { "if-modified-since": "Thu, 01 Jan 2026 00:00:00 GMT" },
    });
    expect(older.status).toBe(200);
  });

  it("answers a failed If-Match on GET with 412 problem+json", async () => {
    reset();
    const answer = await send(app, "GET", "/docs/a", {
      headers: { "if-match": '"nope"', "if-none-match": '"nope"' },
    });
    expect(answer.status).toBe(412);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    const problem: Json = await answer.json();
    expect(problem.type).toBe(conditionalProblemTypes.failed);
    expect(problem.status).toBe(412);
  });

  it("puts no ETag on errors nor on streamed bodies", async () => {
    reset();
    const missing = await send(app, "GET", "/docs/none", { headers: { "if-none-match": "*" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("etag")).toBeNull();
    const stream = await send(app, "GET", "/docs/stream/bytes");
    expect(stream.status).toBe(200);
    expect(stream.headers.get("etag")).toBeNull();
    expect(await stream.text()).toBe("bytes");
  });
});

describe("@Conditional under Bun.serve (its own route map answers HEAD from GET)", () => {
  it("sends the same ETag to GET and HEAD and answers both 304 on a match", async () => {
    reset();
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      routes: app.routes,
      fetch: app.fetch,
    });
    try {
      const url = new URL("/docs/a", server.url);
      const get = await fetch(url);
      const etag = get.headers.get("etag") as string;
      await get.arrayBuffer();
      const head = await fetch(url, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
      for (const method of ["GET", "HEAD"]) {
        const matched = await fetch(url, { method, headers: { "if-none-match": etag } });
        expect(matched.status, method).toBe(304);
        expect(matched.headers.get("etag"), method).toBe(etag);
        expect(await matched.text(), method).toBe("");
      }
      const refused = await fetch(url, { method: "PUT" });
      expect(refused.status).toBe(428);
      await refused.arrayBuffer();
    } finally {
      await server.stop(true);
    }
  });
});

describe("@Conditional on methods that change state", () => {
  it("answers 428 without If-Match, before the handler runs", async () => {
    reset();
    const answer = await send(app, "PUT", "/docs/a", { headers: { "x-text": "lost" } });
    expect(answer.status).toBe(428);
    const problem: Json = await answer.json();
    expect(problem.type).toBe(conditionalProblemTypes.required);
    expect(updates).toBe(0);
  });

  it("answers a stale If-Match 412 and changes nothing; a current one goes through", async () => {
    reset();
    const stale = await send(app, "PUT", "/docs/a", {
      headers: { "if-match": '"0"', "x-text": "lost" },
    });
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as Json).type).toBe(conditionalProblemTypes.failed);
    expect(updates).toBe(0);
    const current = await send(app, "PUT", "/docs/a", {
      headers: { "if-match": '"1"', "x-text": "kept" },
    });
    expect(current.status).toBe(200);
    expect(current.headers.get("etag")).toBe('"2"');
    expect(updates).toBe(1);
    // The second writer, still holding "1", loses nothing silently: it is refused.
    const second = await send(app, "PUT", "/docs/a", {
      headers: { "if-match": '"1"', "x-text": "lost" },
    });
    expect(second.status).toBe(412);
    expect(updates).toBe(1);
    expect(documents.get("a")?.text).toBe("kept");
  });

  it("treats If-Match: * as any current version, and If-None-Match on PUT or DELETE as 412", async () => {
    reset();
    const any = await send(app, "PUT", "/docs/a", { headers: { "if-match": "*" } });
    expect(any.status).toBe(200);
    const absent = await send(app, "PUT", "/docs/b", { headers: { "if-match": "*" } });
    expect(absent.status).toBe(412);
    const matched = await send(app, "DELETE", "/docs/a", { headers: { "if-none-match": '"2"' } });
    expect(matched.status).toBe(412);
    const gone = await send(app, "DELETE", "/docs/a", { headers: { "if-match": '"2"' } });
    expect(gone.status).toBe(204);
    expect(documents.has("a")).toBe(false);
  });

  it("refuses checkPreconditions on a route without @Conditional (a server mistake: 500)", async () => {
    const answer = await send(app, "PUT", "/docs/unchecked/put");
    expect(answer.status).toBe(500);
    expect(app.logged.length).toBeGreaterThan(0);
  });
});

describe("@Conditional with a validator entityTag hashes (a revision with a space)", () => {
  // A revision label a tag cannot hold as it is: entityTag sends its hash.
  const notes = new Map<string, { text: string; revision: string }>();
  let writes = 0;

  @Route("/notes")
  class NoteController extends Controller {
    @Get("/:id")
    @Conditional({ etag: false })
    read(@Param("id") id: string) {
      const note = notes.get(id);
      if (!note) throw new NotFoundException("No such note.");
      this.setHeader("etag", entityTag(note.revision));
      return note;
    }

    @Put("/:id")
    @Conditional({ requireIfMatch: true })
    update(@Param("id") id: string, @Req() request: Request) {
      const note = notes.get(id);
      this.checkPreconditions(note && { etag: entityTag(note.revision) });
      writes++;
      const next = { text: request.headers.get("x-text") ?? "", revision: `rev ${writes + 1}` };
      notes.set(id, next);
      this.setHeader("etag", entityTag(next.revision));
      return next;
    }
  }

  const noteApp = testApp([NoteController]);

  it("refuses a write that still holds the tag of the version before: 412, nothing changed", async () => {
    notes.set("n", { text: "first", revision: "rev 1" });
    writes = 0;
    const read = await send(noteApp, "GET", "/notes/n");
    const first = read.headers.get("etag") as string;
    expect(first).toMatch(/^"[0-9a-f]{16}"$/);
    const changed = await send(noteApp, "PUT", "/notes/n", {
      headers: { "if-match": first, "x-text": "second" },
    });
    expect(changed.status).toBe(200);
    const second = changed.headers.get("etag") as string;
    expect(second).not.toBe(first);
    // A client that read before the change sends the old tag: its write would lose the change.
    const stale = await send(noteApp, "PUT", "/notes/n", {
      headers: { "if-match": first, "x-text": "lost" },
    });
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as Json).type).toBe(conditionalProblemTypes.failed);
    expect(writes).toBe(1);
    expect(notes.get("n")?.text).toBe("second");
    // The reader's copy is no longer current: a 200 with the new tag, not a 304.
    const reread = await send(noteApp, "GET", "/notes/n", { headers: { "if-none-match": first } });
    expect(reread.status).toBe(200);
    expect(reread.headers.get("etag")).toBe(second);
  });
});

describe("@Conditional settings", () => {
  it("lets the method win over the class, and the app's default cover plain GET routes", async () => {
    @Route("/c")
    @Conditional({ etag: "weak" })
    class Mixed extends Controller {
      @Get("/class")
      byClass() {
        return { a: 1 };
      }

      @Get("/off")
      @Conditional(false)
      off() {
        return { a: 1 };
      }
    }

    @Route("/plain")
    class Plain extends Controller {
      @Get()
      read() {
        return { a: 1 };
      }

      @Put()
      write() {
        return { a: 1 };
      }
    }

    const mixed = testApp([Mixed]);
    expect((await send(mixed, "GET", "/c/class")).headers.get("etag")).toMatch(/^W\//);
    expect((await send(mixed, "GET", "/c/off")).headers.get("etag")).toBeNull();
    const withDefault = testApp([Plain], { conditional: { etag: "strong" } });
    expect((await send(withDefault, "GET", "/plain")).headers.get("etag")).toMatch(/^"/);
    expect((await send(withDefault, "PUT", "/plain")).headers.get("etag")).toBeNull();
    const withoutDefault = testApp([Plain]);
    expect((await send(withoutDefault, "GET", "/plain")).headers.get("etag")).toBeNull();
  });

  it("refuses bad options and @Conditional on an event stream at startup", () => {
    @Route("/bad")
    class Bad extends Controller {
      @Get()
      @Conditional({ etag: "medium" as "weak" })
      read() {
        return 1;
      }
    }
    expectConfigError(() => testApp([Bad]), "INVALID_CONDITIONAL", "Bad.read", "etag");

    @Route("/events")
    class Events extends Controller {
      @Sse()
      @Conditional()
      async *events() {
        yield { data: 1 };
      }
    }
    expectConfigError(() => testApp([Events]), "INVALID_CONDITIONAL", "Events.events", "@Sse");

    @Route("/ok")
    @Conditional()
    class ClassWide extends Controller {
      @Sse()
      async *events() {
        yield { data: 1 };
      }
    }
    expect(testApp([ClassWide]).routes).toBeDefined();

    expectConfigError(
      () => conditionalRequests({ requireIfMatch: true } as never),
      "INVALID_CONDITIONAL",
      "conditionalRequests",
      "requireIfMatch belongs on @Conditional",
    );
  });
});
