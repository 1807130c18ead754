import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get, Post } from "../decorators/verbs.js";
import type { Middleware } from "../pipeline/middleware.js";
import { servedApps } from "../test-helpers/served-apps.js";
import { testApp } from "../test-helpers/test-app.js";

@Route("/users")
class UserController extends Controller {
  @Get()
  list() {
    return [];
  }

  @Get("/:id")
  get(@Param("id") id: string) {
    return { id };
  }
}

// Another shape that also matches `/users`: POST /users is its, not a 405.
@Route("/")
class ResourceController extends Controller {
  @Post("/:resource")
  create(@Param("resource") resource: string) {
    this.setStatus(201);
    return { resource };
  }
}

const serve = servedApps();

const controllers = [UserController, ResourceController];

describe("answers to methods a path does not serve", () => {
  it("are Responses Bun sends by itself when nothing wraps every answer (the default)", async () => {
    const app = testApp(controllers);
    const table = app.routes["/users"] ?? {};
    expect(table.OPTIONS).toBeInstanceOf(Response);
    expect(table.PUT).toBeInstanceOf(Response);
    // Served by another shape at this very path: left to `fetch`, which finds it.
    expect(typeof table.POST).toBe("function");

    const send = serve(app);
    // Twice each: a fixed Response is sent again and again, whole.
    for (let round = 0; round < 2; round++) {
      const options = await send("OPTIONS", "/users");
      expect(options.status).toBe(204);
      expect(options.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
      const put = await send("PUT", "/users");
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
      expect(put.headers.get("content-type")).toBe("application/problem+json");
      expect(await put.json()).toEqual({
        type: "about:blank",
        title: "Method Not Allowed",
        status: 405,
        detail: "The path does not support PUT.",
      });
    }
    expect((await send("POST", "/users")).status).toBe(201);
    // The same answers through `fetch` alone.
    const viaFetch = await app.fetch(new Request("http://test.local/users", { method: "PUT" }));
    expect(viaFetch.status).toBe(405);
    expect(viaFetch.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });

  it("carry the request id, computed at startup but answered per request, when ids are on", async () => {
    const app = testApp(controllers, { requestId: true });
    const table = app.routes["/users"] ?? {};
    expect(typeof table.OPTIONS).toBe("function");
    const send = serve(app);
    const options = await send("OPTIONS", "/users");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    const id = options.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    const put = await send("PUT", "/users");
    expect(put.status).toBe(405);
    const body = (await put.json()) as { requestId: string };
    expect(body.requestId).toBe(put.headers.get("x-request-id"));
    expect(body.requestId).not.toBe(id);
  });

  it("stay handlers when middleware or an error formatter must see each request", async () => {
    const seen: string[] = [];
    const middleware: Middleware = (request, next) => {
      seen.push(request.method);
      return next();
    };
    const wrapped = testApp(controllers, { requestId: false, middleware: [middleware] });
    expect(typeof wrapped.routes["/users"]?.OPTIONS).toBe("function");
    expect((await serve(wrapped)("OPTIONS", "/users")).status).toBe(204);
    expect(seen).toEqual(["OPTIONS"]);

    const formatted = testApp(controllers, {
      requestId: false,
      errorFormatter: (_error, { request, problem }) => ({
        body: { ...problem, method: request.method },
      }),
    });
    const table = formatted.routes["/users"] ?? {};
    expect(table.OPTIONS).toBeInstanceOf(Response);
    expect(typeof table.PUT).toBe("function");
    const put = await serve(formatted)("PUT", "/users");
    expect(put.status).toBe(405);
    expect(((await put.json()) as { method: string }).method).toBe("PUT");
  });

  it("leave paths with parameters to the matcher", async () => {
    const app = testApp(controllers, { requestId: false });
    const table = app.routes["/users/:id"] ?? {};
    expect(typeof table.OPTIONS).toBe("function");
    const options = await serve(app)("OPTIONS", "/users/7");
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
