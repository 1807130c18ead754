import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { UseMiddleware } from "../decorators/use-middleware.js";
import { Get, Post } from "../decorators/verbs.js";
import type { DocsPlugin } from "../docs/docs-plugin.js";
import { TooManyRequestsException } from "../errors/http-exceptions.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import type { Middleware } from "./middleware.js";

const Id = schema({ type: "integer" });
let counter = 0;
const calls: string[] = [];

// Stamps every answer with a request id, counting how often it runs.
const requestId: Middleware = async (request, next) => {
  const id = String(++counter);
  calls.push(`${request.method} ${new URL(request.url).pathname}`);
  const response = await next();
  response.headers.set("x-request-id", id);
  return response;
};

const tag =
  (name: string): Middleware =>
  async (_request, next) => {
    const response = await next();
    response.headers.append("x-trail", name);
    return response;
  };

@Route("/m")
@UseMiddleware(tag("class"))
class MiddlewareController extends Controller {
  @Get("/:id")
  @UseMiddleware(tag("method"))
  get(@Param("id", Id) id: number) {
    return { id };
  }

  @Get("/guarded/x")
  @UseGuards(() => false)
  guarded() {
    return "never";
  }

  @Post("/throws")
  @UseMiddleware(() => {
    throw new TooManyRequestsException("Busy.");
  })
  throws() {
    return "never";
  }

  @Post("/crash")
  @UseMiddleware(async () => {
    throw new Error("internal detail");
  })
  crash() {
    return "never";
  }

  @Post("/not-a-response")
  @UseMiddleware((() => "oops") as never)
  notAResponse() {
    return "never";
  }

  @Post("/replaced")
  @UseMiddleware(async (_request, next) => {
    const first = await next();
    const second = await next();
    return new Response(first === second ? "same" : "ran twice", { status: first.status });
  })
  replaced() {
    counter += 100;
    return "handled";
  }
}

const docs: DocsPlugin = {
  name: "test-docs",
  routes: () => ({ "/docs": () => new Response("docs") }),
};
const app = testApp([MiddlewareController], {
  middleware: [requestId],
  docs: { swagger: docs },
});

describe("global middleware", () => {
  it("wraps every answer: routes, 400, 404, 405, OPTIONS and docs", async () => {
    const cases: [string, string, number][] = [
      ["GET", "/m/1", 200],
      ["GET", "/m/abc", 400],
      ["GET", "/nope", 404],
      ["DELETE", "/m/1", 405],
      ["OPTIONS", "/m/1", 204],
      ["HEAD", "/m/1", 200],
      ["GET", "/docs", 200],
    ];
    for (const [method, path, status] of cases) {
      const before = counter;
      const response = await send(app, method, path);
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.headers.get("x-request-id"), `${method} ${path}`).toBe(String(before + 1));
    }
  });

  it("runs once per request under a real Bun.serve, for route-map and fallback answers", async () => {
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      for (const [method, path, status] of [
        ["GET", "/m/1", 200],
        ["GET", "/m/abc", 400],
        ["GET", "/m/%ZZ", 400],
        ["PUT", "/m/1", 405],
        ["OPTIONS", "/m/1", 204],
        ["GET", "/nope", 404],
        ["GET", "/docs", 200],
      ] as const) {
        calls.length = 0;
        const response = await fetch(`${base}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(status);
        expect(response.headers.get("x-request-id"), `${method} ${path}`).not.toBeNull();
        expect(calls, `${method} ${path}`).toHaveLength(1);
      }
    } finally {
      server.stop(true);
    }
  });
});

describe("route middleware", () => {
  it("wraps the route's answers, its errors included, class outside method", async () => {
    const ok = await send(app, "GET", "/m/1");
    expect(ok.headers.get("x-trail")).toBe("method, class");
    const invalid = await send(app, "GET", "/m/abc");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-trail")).toBe("method, class");
    const refused = await send(app, "GET", "/m/guarded/x");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-trail")).toBe("class");
    // Not a route's answer: only global middleware.
    expect((await send(app, "GET", "/nope")).headers.get("x-trail")).toBeNull();
  });

  it("turns a throw into its problem (or a logged 500) that outer middleware still sees", async () => {
    const busy = await send(app, "POST", "/m/throws");
    expect(busy.status).toBe(429);
    expect(busy.headers.get("x-request-id")).not.toBeNull();
    expect(busy.headers.get("x-trail")).toBe("class");
    app.logged.length = 0;
    const crash = await send(app, "POST", "/m/crash");
    expect(crash.status).toBe(500);
    expect(await crash.text()).not.toContain("internal detail");
    const wrong = await send(app, "POST", "/m/not-a-response");
    expect(wrong.status).toBe(500);
    expect(app.logged).toHaveLength(2);
    expect(String(app.logged[1]?.[1])).toContain("not a Response");
  });

  it("runs the inner chain once however often next() is called", async () => {
    const before = counter;
    const response = await send(app, "POST", "/m/replaced");
    expect(await response.text()).toBe("same");
    expect(counter).toBe(before + 101);
  });

  it("must be functions", () => {
    expectConfigError(
      () => testApp([MiddlewareController], { middleware: [{}] as never }),
      "INVALID_MIDDLEWARE",
      "middleware[0]",
    );
    class NotMiddleware {}
    @Route("/bad")
    class BadController extends Controller {
      @Get()
      @UseMiddleware(NotMiddleware as never)
      get() {}
    }
    expectConfigError(() => testApp([BadController]), "INVALID_MIDDLEWARE", "BadController.get");
  });
});
