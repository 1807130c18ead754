import { Controller, Get, Options, Put, Route, Sse } from "@trellis/core";
import { describe, expect, it } from "vitest";
import { Conditional } from "./conditional-decorator.js";
import { expectConfigError, type Json, send, testApp } from "./test-helpers/test-app.js";

// Answers the route tests leave out: a 304 keeps Content-Location (RFC 9110 section 15.4.5),
// only a 200 gets a computed ETag, a handler's own Response with no body can be a 304, a read
// never requires If-Match, and the app-wide default documents nothing on writes.
@Route("/r")
class Reads extends Controller {
  @Get("/located")
  @Conditional()
  located() {
    this.setHeader("content-location", "/r/located/v1");
    return { a: 1 };
  }

  @Get("/accepted")
  @Conditional()
  accepted() {
    this.setStatus(203);
    return { a: 1 };
  }

  @Get("/own")
  @Conditional()
  own() {
    return new Response(null, { status: 200, headers: { etag: '"own"' } });
  }

  @Get("/hand-tagged")
  @Conditional({ etag: false })
  handTagged() {
    return { a: 1 };
  }

  @Options("/located")
  @Conditional()
  describeIt() {
    return { methods: ["GET"] };
  }
}

@Route("/strict")
@Conditional({ requireIfMatch: true })
class StrictWrites extends Controller {
  @Get()
  read() {
    return { a: 1 };
  }

  @Put()
  write() {
    return { a: 2 };
  }
}

const app = testApp([Reads, StrictWrites]);

describe("@Conditional answers", () => {
  it("keeps Content-Location on a 304 and drops the other content fields", async () => {
    const etag = (await send(app, "GET", "/r/located")).headers.get("etag") as string;
    const answer = await send(app, "GET", "/r/located", { headers: { "if-none-match": etag } });
    expect(answer.status).toBe(304);
    expect(answer.headers.get("content-location")).toBe("/r/located/v1");
    expect(answer.headers.get("content-type")).toBeNull();
  });

  it("computes no ETag for a status other than 200, and never answers it 304", async () => {
    const answer = await send(app, "GET", "/r/accepted", { headers: { "if-none-match": "*" } });
    expect(answer.status).toBe(203);
    expect(answer.headers.get("etag")).toBeNull();
    expect(await answer.json()).toEqual({ a: 1 });
  });

  it("answers a handler's own body-less Response 304 on its own ETag", async () => {
    const answer = await send(app, "GET", "/r/own", { headers: { "if-none-match": '"own"' } });
    expect(answer.status).toBe(304);
    expect(answer.headers.get("etag")).toBe('"own"');
    const failed = await send(app, "GET", "/r/own", { headers: { "if-match": '"other"' } });
    expect(failed.status).toBe(412);
  });

  it("computes nothing with etag: false", async () => {
    const answer = await send(app, "GET", "/r/hand-tagged");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBeNull();
  });

  it("leaves OPTIONS alone: no ETag, never 304", async () => {
    const answer = await send(app, "OPTIONS", "/r/located", { headers: { "if-none-match": "*" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBeNull();
  });

  it("requires If-Match of writes only: a read of the same class is answered without one", async () => {
    expect((await send(app, "GET", "/strict")).status).toBe(200);
    expect((await send(app, "PUT", "/strict")).status).toBe(428);
    const document = app.document as Json;
    expect(document.paths["/strict"].get.parameters.map((p: Json) => p.name)).toEqual([
      "If-None-Match",
    ]);
  });
});

describe("the app-wide default of conditionalRequests", () => {
  it("covers GET routes only: a write is neither documented nor answered as conditional", async () => {
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
    const withDefault = testApp([Plain], { conditional: { etag: "weak" } });
    const document = withDefault.document as Json;
    expect(document.paths["/plain"].get.parameters.map((p: Json) => p.name)).toEqual([
      "If-None-Match",
    ]);
    expect(document.paths["/plain"].put.parameters ?? []).toEqual([]);
    expect(document.paths["/plain"].put.responses["412"]).toBeUndefined();
    expect((await send(withDefault, "GET", "/plain")).headers.get("etag")).toMatch(/^W\//);
  });

  it("checks the options of @Conditional on an event stream before refusing the stream", () => {
    @Route("/events")
    class Events extends Controller {
      @Sse()
      @Conditional({ etag: "medium" as "weak" })
      async *events() {
        yield { data: 1 };
      }
    }
    expectConfigError(() => testApp([Events]), "INVALID_CONDITIONAL", "Events.events", '"medium"');
  });
});
