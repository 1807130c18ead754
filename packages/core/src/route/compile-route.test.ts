import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param, Query } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import { ConflictException, UnauthorizedException } from "../errors/http-exceptions.js";
import type { ErrorFormatter } from "../pipeline/error-formatter.js";
import { send, testApp } from "../test-helpers/test-app.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

@Route("/r")
class ResponseController extends Controller {
  counter = 0;

  @Get("/json")
  json() {
    return { hello: "world" };
  }

  @Get("/created")
  created() {
    this.setStatus(201);
    this.setHeader("location", "/r/json");
    return { id: 1 };
  }

  @Get("/nothing")
  nothing() {}

  @Get("/accepted")
  accepted() {
    this.setStatus(202);
  }

  @Get("/no-content-body")
  noContentBody() {
    this.setStatus(204);
    return { ignored: true };
  }

  @Get("/response")
  response() {
    return new Response("raw", { status: 203, headers: { "x-raw": "1" } });
  }

  @Get("/async")
  async later() {
    await sleep(1);
    this.setStatus(202);
    return ["later"];
  }

  @Get("/null")
  nothingButNull() {
    return null;
  }

  @Get("/per-request/:id")
  async perRequest(@Param("id") id: number, @Query("wait") wait: number) {
    this.setStatus(id);
    this.setHeader("x-id", String(id));
    this.counter++;
    await sleep(wait);
    return { id, counter: this.counter };
  }

  @Get("/bad-status/:code")
  badStatus(@Param("code") code: number) {
    this.setStatus(code);
    return {};
  }

  @Get("/bad-header")
  badHeader() {
    this.setHeader("x-bad", "line\nbreak");
    return {};
  }

  @Get("/bigint")
  bigint() {
    return { value: 1n };
  }

  @Get("/throws/:what")
  throws(@Param("what") what: string) {
    if (what === "http") throw new ConflictException("Already there", { extensions: { id: 7 } });
    if (what === "auth") {
      throw new UnauthorizedException(undefined, { headers: { "www-authenticate": "Bearer" } });
    }
    if (what === "string") throw "a string with /secret/path";
    if (what === "null") throw null;
    if (what === "undefined") throw undefined;
    if (what === "object") throw { secret: "token" };
    throw new Error("database password is hunter2");
  }

  @Post("/rejects")
  async rejects() {
    await sleep(1);
    throw new Error("async secret");
  }
}

describe("responses", () => {
  const app = testApp([ResponseController]);

  it("serializes return values as JSON with 200, synchronously for a sync handler", async () => {
    const response = app.fetch(new Request("http://x/r/json"));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(200);
    expect((response as Response).headers.get("content-type")).toContain("application/json");
    expect(await (response as Response).json()).toEqual({ hello: "world" });
    expect(await (await send(app, "GET", "/r/null")).json()).toBeNull();
  });

  it("applies setStatus and setHeader", async () => {
    const response = await send(app, "GET", "/r/created");
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/r/json");
    expect(await response.json()).toEqual({ id: 1 });
  });

  it("answers 204 for undefined with 200, keeps another status without a body", async () => {
    const nothing = await send(app, "GET", "/r/nothing");
    expect(nothing.status).toBe(204);
    expect(await nothing.text()).toBe("");
    const accepted = await send(app, "GET", "/r/accepted");
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe("");
    const noContent = await send(app, "GET", "/r/no-content-body");
    expect(noContent.status).toBe(204);
    expect(await noContent.text()).toBe("");
  });

  it("passes a returned Response through untouched", async () => {
    const response = await send(app, "GET", "/r/response");
    expect(response.status).toBe(203);
    expect(response.headers.get("x-raw")).toBe("1");
    expect(await response.text()).toBe("raw");
  });

  it("awaits async handlers", async () => {
    const response = await send(app, "GET", "/r/async");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual(["later"]);
  });

  it("keeps status, headers and fields per request under concurrency", async () => {
    const statuses = [207, 201, 206, 202, 203];
    const responses = await Promise.all(
      statuses.map((id) => send(app, "GET", `/r/per-request/${id}?wait=${(id % 10) * 3}`)),
    );
    for (const [index, id] of statuses.entries()) {
      const response = responses[index] as Response;
      expect(response.status).toBe(id);
      expect(response.headers.get("x-id")).toBe(String(id));
      expect(await response.json()).toEqual({ id, counter: 1 });
    }
  });

  it("turns an invalid status, header or body into a clean, logged 500", async () => {
    const logged = testApp([ResponseController]);
    for (const path of [
      "/r/bad-status/99",
      "/r/bad-status/600",
      "/r/bad-status/1.5",
      "/r/bad-header",
      "/r/bigint",
    ]) {
      const response = await send(logged, "GET", path);
      expect(response.status, path).toBe(500);
      expect(await response.json()).toEqual({
        type: "about:blank",
        title: "Internal Server Error",
        status: 500,
        detail: "An unexpected error occurred.",
        requestId: expect.stringMatching(/^[0-9a-f]{12}-/),
      });
    }
    expect(logged.logged).toHaveLength(5);
    expect(String(logged.logged[0]?.[0])).toContain("ResponseController.badStatus");
  });
});

describe("errors thrown by handlers", () => {
  it("renders HttpExceptions as problem+json with extensions and headers", async () => {
    const app = testApp([ResponseController]);
    const conflict = await send(app, "GET", "/r/throws/http");
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get("content-type")).toBe("application/problem+json");
    expect(await conflict.json()).toEqual({
      id: 7,
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail: "Already there",
      requestId: expect.stringMatching(/^[0-9a-f]{12}-/),
    });
    const auth = await send(app, "GET", "/r/throws/auth");
    expect(auth.status).toBe(401);
    expect(auth.headers.get("www-authenticate")).toBe("Bearer");
    expect(app.logged).toHaveLength(0);
  });

  it("turns anything else, sync or async, into a generic 500 and logs it", async () => {
    const app = testApp([ResponseController]);
    for (const what of ["error", "string", "null", "undefined", "object"]) {
      const response = await send(app, "GET", `/r/throws/${what}`);
      expect(response.status, what).toBe(500);
      const text = await response.text();
      expect(text).not.toMatch(/hunter2|secret|token|at |\.ts/);
    }
    const rejected = await send(app, "POST", "/r/rejects");
    expect(rejected.status).toBe(500);
    expect(await rejected.text()).not.toContain("async secret");
    expect(app.logged).toHaveLength(6);
    expect(app.logged[0]?.[1]).toBeInstanceOf(Error);
  });

  it("hands every error, with its operation, to the errorFormatter", async () => {
    const seen: string[] = [];
    const errorFormatter: ErrorFormatter = (error, context) => {
      seen.push(`${context.operation?.handlerName ?? "-"} ${context.problem.status}`);
      return {
        headers: { "x-formatted": "1" },
        body: { code: context.problem.status, kind: typeof error },
      };
    };
    const app = testApp([ResponseController], { errorFormatter });
    const failed = await send(app, "GET", "/r/throws/http");
    expect(failed.status).toBe(409);
    expect(failed.headers.get("x-formatted")).toBe("1");
    expect(await failed.json()).toEqual({ code: 409, kind: "object" });
    expect((await send(app, "GET", "/r/nowhere")).status).toBe(404);
    expect((await send(app, "DELETE", "/r/json")).status).toBe(405);
    expect((await send(app, "GET", "/r/per-request/201?wait=soon")).status).toBe(400);
    expect(seen).toEqual(["throws 409", "- 404", "- 405", "perRequest 400"]);
  });
});

@Route("/arity")
class ArityController extends Controller {
  @Get("/zero")
  zero(...rest: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the count of arguments received is what is tested
    return { count: arguments.length, rest };
  }

  @Get("/one/:a")
  one(@Param("a") a: string) {
    // biome-ignore lint/complexity/noArguments: the count of arguments received is what is tested
    return { count: arguments.length, values: [a] };
  }

  // The first parameter is not bound: it arrives as undefined, and still counts.
  @Get("/gap/:b")
  gap(_unbound: unknown, @Param("b") b: string) {
    // biome-ignore lint/complexity/noArguments: the count of arguments received is what is tested
    return { count: arguments.length, values: [_unbound ?? null, b] };
  }

  @Get("/three/:a/:b/:c")
  three(@Param("a") a: string, @Param("b") b: string, @Param("c") c: string) {
    // biome-ignore lint/complexity/noArguments: the count of arguments received is what is tested
    return { count: arguments.length, values: [a, b, c] };
  }

  @Get("/five/:a/:b/:c/:d")
  five(
    @Param("a") a: string,
    @Param("b") b: string,
    @Param("c") c: string,
    @Param("d") d: string,
    @Query("e") e: string,
  ) {
    // biome-ignore lint/complexity/noArguments: the count of arguments received is what is tested
    return { count: arguments.length, values: [a, b, c, d, e], self: this instanceof Controller };
  }
}

describe("handler arguments", () => {
  const app = testApp([ArityController]);

  it("passes exactly the bound arguments, in order, whatever the arity", async () => {
    const body = async (path: string) => (await send(app, "GET", path)).json();
    expect(await body("/arity/zero")).toEqual({ count: 0, rest: [] });
    expect(await body("/arity/one/x")).toEqual({ count: 1, values: ["x"] });
    expect(await body("/arity/gap/y")).toEqual({ count: 2, values: [null, "y"] });
    expect(await body("/arity/three/1/2/3")).toEqual({ count: 3, values: ["1", "2", "3"] });
    expect(await body("/arity/five/1/2/3/4?e=5")).toEqual({
      count: 5,
      values: ["1", "2", "3", "4", "5"],
      self: true,
    });
  });
});
