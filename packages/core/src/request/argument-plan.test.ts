import { optional, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Cookie, Header, Param, Query, Req } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";

const Page = schema({ type: "integer", minimum: 1 });
const Ratio = optional(schema({ type: "number" }));
const Flag = optional(schema({ type: "boolean" }));
const Ids = optional(schema({ type: "array", items: { type: "integer" } }));
const Filters = schema(
  {
    type: "object",
    properties: {
      page: { type: "integer", minimum: 1, default: 1 },
      tags: { type: "array", items: { type: "string" } },
      active: { type: "boolean" },
    },
    additionalProperties: false,
  },
  "Filters",
);
const Params = schema({
  type: "object",
  properties: { org: { type: "string" }, id: { type: "integer" } },
  required: ["org", "id"],
});
// A model whose properties are named like Object.prototype members.
const Members = schema({
  type: "object",
  properties: { constructor: { type: "string" }, toString: { type: "string" } },
});
const Headers = schema({
  type: "object",
  properties: { "X-Tenant": { type: "string" }, "x-count": { type: "integer" } },
  required: ["X-Tenant"],
});
const Cookies = schema({
  type: "object",
  properties: { session: { type: "string", minLength: 3 }, n: { type: "integer" } },
});

@Route("/t")
class TestController extends Controller {
  @Get("/named/:id")
  named(
    @Param("id") id: string,
    @Query("page", Page) page: number,
    @Query("ratio", Ratio) ratio: number | undefined,
    @Query("flag", Flag) flag: boolean | undefined,
    @Query("ids", Ids) ids: number[] | undefined,
  ) {
    return { id, page, ratio, flag, ids };
  }

  @Get("/reflected/:n")
  reflected(
    @Param("n") n: number,
    @Query("on") on: boolean,
    @Query("q") q: string,
    @Query("tags") tags: string[],
  ) {
    return { n, on, q: q ?? null, tags: tags ?? null };
  }

  @Get("/whole/:org/:id")
  whole(@Param(Params) params: object, @Query(Filters) query: object) {
    return {
      params: { ...params },
      query: { ...query },
      paramsOrdinary: Object.getPrototypeOf(params) === Object.prototype,
      queryOrdinary: Object.getPrototypeOf(query) === Object.prototype,
    };
  }

  @Get("/members")
  members(@Query(Members) query: Record<string, unknown>) {
    return {
      prototypeFree: Object.getPrototypeOf(query) === null,
      constructorType: typeof query.constructor,
      toString: query.toString,
    };
  }

  @Get("/headers")
  headers(@Header(Headers) all: object, @Header("X-Page", Page) page: number) {
    return { all: { ...all }, page };
  }

  @Get("/cookies")
  cookies(@Cookie(Cookies) all: object, @Cookie("theme") theme: string, @Req() request: Request) {
    return { all: { ...all }, theme, url: request.url };
  }

  @Get("/raw")
  raw(@Query() query: Record<string, unknown>, @Header() headers: Record<string, string>) {
    return { query: { ...query }, accept: headers.accept, tenant: headers["x-tenant"] };
  }

  @Get("/path/:value")
  path(@Param("value") value: string) {
    return { value };
  }
}

const app = testApp([TestController]);
const get = async (path: string, headers?: Record<string, string>) => {
  const response = await send(app, "GET", path, { headers });
  return { status: response.status, body: (await response.json()) as Json };
};

describe("binding and coercion", () => {
  it("coerces named values from their schema", async () => {
    expect(await get("/t/named/abc?page=2&ratio=1e-1&flag=true&ids=3&ids=4")).toEqual({
      status: 200,
      body: { id: "abc", page: 2, ratio: 0.1, flag: true, ids: [3, 4] },
    });
    expect((await get("/t/named/abc?page=2&ids=7")).body.ids).toEqual([7]);
  });

  it("leaves misfits as strings, so the adapter reports them, all issues at once", async () => {
    const { status, body } = await get("/t/named/abc?page=0x10&ratio=NaN&flag=yes&ids=1.5");
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "Request validation failed",
    });
    expect(
      body.errors.map((error: { in: string; path: string }) => `${error.in} ${error.path}`),
    ).toEqual(["query /page", "query /ratio", "query /flag", "query /ids/0"]);
    for (const page of ["", "%201", "1e3", "9007199254740993", "Infinity", "-0x1"]) {
      expect((await get(`/t/named/abc?page=${page}`)).status, page).toBe(400);
    }
    const missing = (await get("/t/named/abc")).body.errors;
    expect(missing).toEqual([{ in: "query", path: "/page", message: expect.any(String) }]);
  });

  it("rejects a scalar given twice", async () => {
    const { status, body } = await get("/t/named/abc?page=1&page=2");
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ in: "query", path: "/page", message: "must be given once" }]);
  });

  it("types named values without a schema by their reflected type, strictly", async () => {
    expect(await get("/t/reflected/2.5?on=false&tags=a&tags=b&q=x")).toEqual({
      status: 200,
      body: { n: 2.5, on: false, q: "x", tags: ["a", "b"] },
    });
    expect((await get("/t/reflected/1?tags=one")).body).toEqual({ n: 1, q: null, tags: ["one"] });
    const { status, body } = await get("/t/reflected/0x1?on=1");
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { in: "path", path: "/n", message: "must be a number" },
      { in: "query", path: "/on", message: "must be true or false" },
    ]);
  });

  it("binds whole locations to object schemas, coercing per property", async () => {
    const { status, body } = await get("/t/whole/acme/7?tags=a&active=true&extra=1");
    expect(status).toBe(200);
    // Ordinary objects, as adapters answer: no copy is needed to hand them on.
    expect(body).toEqual({
      params: { org: "acme", id: 7 },
      query: { page: 1, tags: ["a"], active: true },
      paramsOrdinary: true,
      queryOrdinary: true,
    });
    const hostile = await get("/t/whole/acme/7?__proto__=x&page=2");
    expect(hostile.body).toMatchObject({ query: { page: 2 }, queryOrdinary: true });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const invalid = await get("/t/whole/acme/x?page=0&active=maybe");
    expect(
      invalid.body.errors.map((error: { in: string; path: string }) => `${error.in} ${error.path}`),
    ).toEqual(["path /id", "query /page", "query /active"]);
    const repeated = await get("/t/whole/acme/7?page=1&page=2");
    expect(repeated.body.errors).toEqual([
      { in: "query", path: "/page", message: "must be given once" },
    ]);
  });

  it("reads a missing property named like an Object.prototype member as missing", async () => {
    expect((await get("/t/members?toString=x")).body).toEqual({
      prototypeFree: true,
      constructorType: "undefined",
      toString: "x",
    });
  });

  it("keeps hostile query keys harmless", async () => {
    const { body } = await get("/t/raw?__proto__=x&constructor=y&a=1&a=2");
    expect(body.query).toEqual({ ["__proto__"]: "x", constructor: "y", a: ["1", "2"] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("reads headers case-insensitively", async () => {
    expect(await get("/t/headers", { "x-tenant": "acme", "X-COUNT": "3", "x-page": "2" })).toEqual({
      status: 200,
      body: { all: { "X-Tenant": "acme", "x-count": 3 }, page: 2 },
    });
    const missing = await get("/t/headers", { "x-count": "zero", "X-PAGE": "two" });
    expect(missing.body.errors).toEqual([
      { in: "header", path: "/X-Tenant", message: "is required" },
      { in: "header", path: "/x-count", message: "must be integer" },
      { in: "header", path: "/X-Page", message: "must be integer" },
    ]);
    const raw = await get("/t/raw", { "X-Tenant": "acme", Accept: "text/plain" });
    expect(raw.body).toMatchObject({ accept: "text/plain", tenant: "acme" });
  });

  it("answers 400 for bytes that are not UTF-8 in the query, a header or a cookie", async () => {
    const query = await get("/t/named/abc?page=2&q=%FF");
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([
      { in: "query", path: "", message: "must be valid percent-encoded UTF-8" },
    ]);
    const cookie = await get("/t/cookies", { cookie: "session=abc%C3%28" });
    expect(cookie.status).toBe(400);
    expect(cookie.body.errors[0]).toMatchObject({ in: "cookie" });
    // A header's bytes arrive one character each: 0xC3 0x28 is not UTF-8, 0xC3 0xA9 is "é".
    const header = await get("/t/headers", { "x-tenant": "\u00c3\u0028", "x-page": "1" });
    expect(header.status).toBe(400);
    expect(header.body.errors).toContainEqual({
      in: "header",
      path: "/X-Tenant",
      message: "must be valid UTF-8",
    });
    const valid = await get("/t/headers", { "x-tenant": "\u00c3\u00a9", "x-page": "1" });
    expect(valid.body.all["X-Tenant"]).toBe("é");
    expect((await get("/t/named/abc?page=2&q=%E2%82%AC")).status).toBe(200);
  });

  it("refuses a single-value header given twice where the schema wants a scalar", async () => {
    // The runtime joins repeated header lines with ", " (RFC 9110 5.3) before any app code runs.
    const headers = new globalThis.Headers([
      ["x-tenant", "acme"],
      ["x-page", "1"],
      ["x-page", "2"],
    ]);
    const response = await app.fetch(new Request("http://test.local/t/headers", { headers }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual([
      { in: "header", path: "/X-Page", message: "must be integer" },
    ]);
  });

  it("reads cookies from the Cookie header, prototype-free", async () => {
    expect(
      await get("/t/cookies", { cookie: "session=abc%20d; n=4; theme=dark%20blue; other=1" }),
    ).toEqual({
      status: 200,
      body: {
        all: { session: "abc d", n: 4 },
        theme: "dark blue",
        url: "http://test.local/t/cookies",
      },
    });
    const invalid = await get("/t/cookies", { cookie: "session=ab; n=x; theme=t" });
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "/session",
      "/n",
    ]);
  });

  it("decodes path parameters exactly once; bad escapes and NUL are 400", async () => {
    expect((await get("/t/path/a%20b")).body).toEqual({ value: "a b" });
    expect((await get("/t/path/a%2Fb")).body).toEqual({ value: "a/b" });
    expect((await get("/t/path/%2541")).body).toEqual({ value: "%41" });
    expect((await get("/t/path/%E2%82%AC")).body).toEqual({ value: "€" });
    for (const value of ["%ZZ", "%E2%82", "a%00b"]) {
      const { status, body } = await get(`/t/path/${value}`);
      expect(status, value).toBe(400);
      expect(body.errors).toEqual([
        { in: "path", path: "/value", message: "must be valid percent-encoded UTF-8 without NUL" },
      ]);
    }
  });

  it("lists at most the first 100 issues in one 400", async () => {
    const ids = Array.from({ length: 300 }, (_, index) => `ids=x${index}`).join("&");
    const { status, body } = await get(`/t/named/abc?page=0&${ids}`);
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(100);
    // The first issues found are kept: the page, then the ids in order.
    expect(body.errors[0]).toMatchObject({ in: "query", path: "/page" });
    expect(body.errors[1]).toMatchObject({ in: "query", path: "/ids/0" });
    expect(body.errors[99]).toMatchObject({ in: "query", path: "/ids/98" });
  });
});
