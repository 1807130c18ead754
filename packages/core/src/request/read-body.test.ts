import { optional, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body } from "../decorators/bindings.js";
import { BodyLimit } from "../decorators/body-limit.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import { startBody } from "./read-body.js";

const CreateUser = schema(
  {
    type: "object",
    properties: {
      name: { type: "string", minLength: 1 },
      email: { type: "string", format: "email" },
      role: { type: "string", default: "member" },
    },
    required: ["name", "email"],
  },
  "CreateUser",
);
const Form = schema({
  type: "object",
  properties: {
    name: { type: "string" },
    age: { type: "integer" },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["name"],
});
const Upload = schema({
  type: "object",
  properties: { title: { type: "string" }, count: { type: "integer" } },
});

// Files are opaque to Ajv: `{}` takes one as it is, `type: array` a list of them.
const Files = schema({ type: "object", properties: { files: { type: "array" }, doc: {} } });

let handlerCalls = 0;

@Route("/b")
class BodyController extends Controller {
  @Post("/users")
  create(@Body(CreateUser) input: Record<string, unknown>) {
    handlerCalls++;
    return { input, prototype: Object.getPrototypeOf(input) === Object.prototype };
  }

  @Post("/optional")
  maybe(@Body(optional(CreateUser)) input: unknown) {
    return { received: input ?? null };
  }

  @Post("/any")
  any(@Body() input: unknown) {
    return { input };
  }

  @Post("/small")
  @BodyLimit(16)
  small(@Body() input: unknown) {
    return { input };
  }

  @Post("/form")
  form(@Body(Form, { contentType: "application/x-www-form-urlencoded" }) input: unknown) {
    return { input };
  }

  @Post("/upload")
  upload(@Body(Upload, { contentType: "multipart/form-data" }) input: Record<string, unknown>) {
    return { input: { ...input } };
  }

  @Post("/files")
  files(@Body(Files, { contentType: "multipart/form-data" }) input: Record<string, unknown>) {
    const files = input.files as unknown[] | undefined;
    return { files: files?.map((file) => file instanceof File), doc: input.doc instanceof File };
  }

  @Get("/no-body")
  noBody() {
    return { ok: true };
  }

  @Post("/ignored")
  ignored() {
    return { ok: true };
  }
}

const app = testApp([BodyController]);
const post = async (
  path: string,
  body: RequestInit["body"],
  headers: Record<string, string> = {},
) => {
  const response = await send(app, "POST", path, { body, headers });
  return {
    status: response.status,
    body: (await response.json()) as Json,
    type: response.headers.get("content-type"),
  };
};
const json = { "content-type": "application/json" };

describe("body reading", () => {
  it("parses, validates and strips a JSON body before the handler", async () => {
    const body = JSON.stringify({ name: "Ada", email: "ada@example.com", admin: true });
    expect(await post("/b/users", body, json)).toEqual({
      status: 200,
      type: "application/json;charset=utf-8",
      body: { input: { name: "Ada", email: "ada@example.com", role: "member" }, prototype: true },
    });
    for (const type of ["application/json; charset=UTF-8", "application/merge-patch+json"]) {
      expect((await post("/b/users", body, { "content-type": type })).status, type).toBe(200);
    }
  });

  it("reports every body issue with JSON Pointers, and never calls the handler", async () => {
    const before = handlerCalls;
    const { status, body, type } = await post(
      "/b/users",
      JSON.stringify({ name: "", email: "nope" }),
      json,
    );
    expect(status).toBe(400);
    expect(type).toBe("application/problem+json");
    expect(body.errors).toEqual([
      { in: "body", path: "/name", message: expect.any(String) },
      { in: "body", path: "/email", message: expect.any(String) },
    ]);
    const missingField = await post("/b/users", JSON.stringify({ email: "a@b.co" }), json);
    expect(missingField.body.errors).toEqual([
      { in: "body", path: "/name", message: "is required" },
    ]);
    expect(handlerCalls).toBe(before);
  });

  it("escapes JSON Pointer tokens (RFC 6901)", async () => {
    const Weird = schema({ type: "object", properties: { "a/b~c": { type: "integer" } } });
    class W extends Controller {
      @Post("/w") w(@Body(Weird) input: unknown) {
        return input;
      }
    }
    const weird = testApp([W]);
    const response = await send(weird, "POST", "/w", { json: { "a/b~c": "x" } });
    expect(((await response.json()) as Json).errors[0].path).toBe("/a~1b~0c");
  });

  it("answers 415 for other media types or a body without one", async () => {
    for (const headers of [
      { "content-type": "text/plain" },
      { "content-type": "application/json; charset=latin1" },
      {},
    ] as Record<string, string>[]) {
      const { status, body } = await post("/b/users", '{"name":"a","email":"a@b.co"}', headers);
      expect(status, JSON.stringify(headers)).toBe(415);
      expect(body).toMatchObject({ title: "Unsupported Media Type", status: 415 });
    }
  });

  it("answers 400 for a missing or empty required body, undefined when optional", async () => {
    for (const body of [undefined, ""]) {
      const response = await post("/b/users", body, json);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ in: "body", path: "", message: "is required" }]);
    }
    expect((await post("/b/users", "", {})).status).toBe(400);
    expect((await post("/b/optional", undefined, json)).body).toEqual({ received: null });
    expect((await post("/b/optional", "", {})).body).toEqual({ received: null });
  });

  it("answers 415 for a content-coded body, naming the coding it accepts", async () => {
    for (const coding of ["gzip", "br", "deflate", "x-custom, gzip"]) {
      const response = await send(app, "POST", "/b/any", {
        body: "{}",
        headers: { ...json, "content-encoding": coding },
      });
      expect(response.status, coding).toBe(415);
      expect(response.headers.get("accept-encoding")).toBe("identity");
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
    const identity = await post("/b/any", '"x"', { ...json, "content-encoding": "identity" });
    expect(identity.status).toBe(200);
  });

  it("answers 400 for malformed JSON, invalid UTF-8, and deep nesting, without crashing", async () => {
    for (const body of ["{", "{'a':1}", "[1,]", "NaN", "  "]) {
      const response = await post("/b/any", body, json);
      expect(response.status, body).toBe(400);
      expect(response.body.detail).toBe("The request body is not valid JSON.");
    }
    // Invalid UTF-8 is a 400, never U+FFFD, with or without a declared length. A 4-byte
    // sequence cut after three bytes decodes leniently to one U+FFFD of the same length as a
    // real one, so only the bytes can tell the two apart.
    const invalidBodies = [
      [0x22, 0xe9, 0x22],
      [0x22, 0xf0, 0x90, 0x80, 0x22],
      [0x22, 0xed, 0xa0, 0x80, 0x22],
      [0xef, 0xbb, 0xbf, 0x22, 0xc0, 0x80, 0x22],
    ];
    for (const bytes of invalidBodies) {
      const body = new Uint8Array(bytes);
      for (const headers of [json, { ...json, "content-length": String(body.length) }]) {
        const refused = await post("/b/any", body, headers);
        expect(refused.status, `${bytes} ${JSON.stringify(headers)}`).toBe(400);
        expect(refused.body.detail).toBe("The request body is not valid UTF-8.");
      }
    }
    // U+FFFD sent as UTF-8 is data; a leading byte order mark is dropped; a body of nothing but
    // one is a missing body.
    const valid: [number[], unknown][] = [
      [[0x22, 0xef, 0xbf, 0xbd, 0x22], "\uFFFD"],
      [[0x22, 0xef, 0xbf, 0xbd, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, 0x22], "\uFFFDé😀"],
      [[0xef, 0xbb, 0xbf, 0x22, 0x41, 0x22], "A"],
      [[0xef, 0xbb, 0xbf], null],
    ];
    for (const [bytes, input] of valid) {
      const body = new Uint8Array(bytes);
      for (const headers of [json, { ...json, "content-length": String(body.length) }]) {
        const path = input === null ? "/b/optional" : "/b/any";
        const expected = input === null ? { received: null } : { input };
        expect((await post(path, body, headers)).body, `${bytes}`).toEqual(expected);
      }
    }
    const deep = "[".repeat(65) + "]".repeat(65);
    expect((await post("/b/any", deep, json)).status).toBe(400);
    expect((await post("/b/any", "[".repeat(64) + "]".repeat(64), json)).status).toBe(200);
    const huge = "[".repeat(200_000) + "]".repeat(200_000);
    const app2 = testApp([BodyController], { limits: { body: 1_000_000 } });
    const response = await send(app2, "POST", "/b/any", { body: huge, headers: json });
    expect(response.status).toBe(400);
  });

  it("refuses prototype-polluting keys anywhere", async () => {
    for (const body of [
      '{"__proto__": {"admin": true}}',
      '{"name": "a", "nested": [{"\\u005f_proto__": {}}]}',
      '{"constructor": {"prototype": {"admin": true}}}',
    ]) {
      const response = await post("/b/any", body, json);
      expect(response.status, body).toBe(400);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await post("/b/any", '{"constructor": "fine"}', json)).status).toBe(200);
  });

  it("answers 413 over the limit, by Content-Length or while streaming", async () => {
    const small = await post("/b/small", JSON.stringify({ text: "0123456789abcdef" }), json);
    expect(small.status).toBe(413);
    expect(small.body).toMatchObject({ title: "Content Too Large", status: 413 });
    expect((await post("/b/small", '{"a":1}', json)).status).toBe(200);
    expect((await post("/b/small", "{}", { ...json, "content-length": "999" })).status).toBe(413);
    // A Content-Length that lies (possible in-process only) is checked against what was read.
    const lying = { ...json, "content-length": "2" };
    expect((await post("/b/small", '{"a":"0123456789abcdef"}', lying)).status).toBe(413);
    expect((await post("/b/small", '"éééééééé"', lying)).status).toBe(413);
    expect((await post("/b/small", '"éééééé"', lying)).status).toBe(200);

    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new TextEncoder().encode("[1,1,1,1]"));
      },
    });
    const request = new Request("http://x/b/small", {
      method: "POST",
      body: stream,
      headers: json,
      duplex: "half",
    } as RequestInit);
    const streamed = await app.fetch(request);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    const limited = testApp([BodyController], { limits: { body: 8 } });
    expect(
      (await send(limited, "POST", "/b/any", { body: '{"a":"long"}', headers: json })).status,
    ).toBe(413);
  });

  it("answers 400, without logging, when the client breaks off the body, with or without a Content-Length", async () => {
    for (const length of [{}, { "content-length": "20" }] as Record<string, string>[]) {
      const fresh = testApp([BodyController]);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === 0) controller.enqueue(new TextEncoder().encode('{"text":'));
          else controller.error(new DOMException("The client went away", "AbortError"));
        },
      });
      const response = await fresh.fetch(
        new Request("http://x/b/any", {
          method: "POST",
          body: stream,
          headers: { ...json, ...length },
          duplex: "half",
        } as RequestInit),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        status: 400,
        detail: "The request body could not be read.",
      });
      expect(fresh.logged).toEqual([]);
    }
  });

  it("parses url-encoded forms, coercing fields from the schema", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(await post("/b/form", "name=Ada+L&age=36&tags=a&tags=b&x=1", form)).toMatchObject({
      status: 200,
      body: { input: { name: "Ada L", age: 36, tags: ["a", "b"] } },
    });
    expect((await post("/b/form", "name=a&age=old", form)).body.errors).toEqual([
      { in: "body", path: "/age", message: "must be integer" },
    ]);
    expect((await post("/b/form", "name=a&name=b", form)).body.errors).toEqual([
      { in: "body", path: "/name", message: "must be given once" },
    ]);
    expect((await post("/b/form", "__proto__=x&name=a", form)).status).toBe(400);
    expect((await post("/b/form", '{"name":"a"}', json)).status).toBe(415);
  });

  it("parses multipart forms", async () => {
    const data = new FormData();
    data.set("title", "hello");
    data.set("count", "3");
    const response = await app.fetch(
      new Request("http://x/b/upload", { method: "POST", body: data }),
    );
    expect(await response.json()).toEqual({ input: { title: "hello", count: 3 } });
    const broken = await post("/b/upload", "garbage", {
      "content-type": "multipart/form-data; boundary=zzz",
    });
    expect(broken.status).toBe(400);
  });

  it("binds one file under an array field as a list of one, and refuses two under a single one", async () => {
    const upload = (edit: (data: FormData) => void) => {
      const data = new FormData();
      edit(data);
      return app.fetch(new Request("http://x/b/files", { method: "POST", body: data }));
    };
    const file = () => new File(["bytes"], "a.txt", { type: "text/plain" });
    const one = await upload((data) => {
      data.append("files", file());
      data.append("doc", file());
    });
    expect(await one.json()).toEqual({ files: [true], doc: true });
    const two = await upload((data) => {
      data.append("files", file());
      data.append("files", file());
    });
    expect(await two.json()).toEqual({ files: [true, true], doc: false });
    const twice = await upload((data) => {
      data.append("doc", file());
      data.append("doc", "text");
    });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as Json).errors).toEqual([
      { in: "body", path: "/doc", message: "must be given once" },
    ]);
  });

  it("does not read the body of routes that bind none", async () => {
    const request = new Request("http://x/b/no-body", { method: "GET" });
    const response = await app.fetch(request);
    expect(response.status).toBe(200);
    const stream = new ReadableStream({
      start: (controller) => controller.enqueue(new Uint8Array([1])),
    });
    const post = new Request("http://x/b/ignored", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    const ignored = app.fetch(post);
    expect(ignored).toBeInstanceOf(Response);
    expect((ignored as Response).status).toBe(200);
    expect(post.bodyUsed).toBe(false);
  });
});

describe("startBody", () => {
  it("returns nothing to await for an absent optional body and never reads a GET", () => {
    const plan = { contentType: "application/json", limit: 10, required: false } as const;
    expect(startBody(new Request("http://x/"), plan)).toBeUndefined();
  });
});

describe("bodyEncodings", () => {
  const gzipApp = testApp([BodyController], { bodyEncodings: ["gzip"], limits: { body: 4096 } });
  const sendCoded = (body: Uint8Array, coding: string) =>
    send(gzipApp, "POST", "/b/any", {
      body,
      headers: { "content-type": "application/json", "content-encoding": coding },
    });

  it("decodes an allowed coding before parsing", async () => {
    const response = await sendCoded(Bun.gzipSync(JSON.stringify("zipped")), "gzip");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ input: "zipped" });
  });

  it("applies the body limit to the decoded size: a small body that inflates is 413", async () => {
    const bomb = Bun.gzipSync(`"${"0".repeat(1_000_000)}"`);
    expect(bomb.byteLength).toBeLessThan(4096);
    const response = await sendCoded(bomb, "gzip");
    expect(response.status).toBe(413);
  });

  it("applies the body limit to the coded bytes too: padding that decodes to little is 413", async () => {
    // Empty stored deflate blocks decode to nothing: 100 KB of them, then "1", chunked.
    const blocks = new Uint8Array(100_000);
    for (let at = 0; at < blocks.length; at += 5) blocks.set([0, 0, 0, 0xff, 0xff], at);
    const padded = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, ...blocks]);
    let sent = false;
    const body = new ReadableStream({
      pull(controller) {
        if (sent) return controller.close();
        sent = true;
        controller.enqueue(padded);
      },
    });
    const request = new Request("http://test.local/b/any", {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await gzipApp.fetch(request);
    expect(response.status).toBe(413);
  });

  it("answers 400 for bytes that do not decode, 415 for a coding not allowed", async () => {
    const broken = await sendCoded(new TextEncoder().encode("not gzip at all"), "gzip");
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { detail: string }).detail).toBe(
      "The request body is not valid gzip data.",
    );
    const other = await sendCoded(new Uint8Array([1, 2, 3]), "br");
    expect(other.status).toBe(415);
    expect(other.headers.get("accept-encoding")).toBe("identity, gzip");
  });

  it("refuses an unknown coding in the option at startup", () => {
    expect(() => testApp([BodyController], { bodyEncodings: ["br" as never] })).toThrow(
      /bodyEncodings/,
    );
  });
});
