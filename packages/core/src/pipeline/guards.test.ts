import { jsonSchemaAdapter } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Injectable } from "../decorators/injectable.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get } from "../decorators/verbs.js";
import { ForbiddenException, TooManyRequestsException } from "../errors/http-exceptions.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type Json, send, testApp } from "../test-helpers/test-app.js";
import type { ExecutionContext } from "./execution-context.js";
import type { CanActivate } from "./guard.js";

class Tokens {
  readonly valid = new Set(["good"]);
}

let constructed = 0;

@Injectable()
class TokenGuard implements CanActivate {
  constructor(private readonly tokens: Tokens) {
    constructed++;
  }

  canActivate(context: ExecutionContext) {
    return this.tokens.valid.has(context.request.headers.get("x-token") ?? "");
  }
}

const seen: ExecutionContext[] = [];
const recordContext = (context: ExecutionContext) => {
  seen.push(context);
  return true;
};

@Route("/g")
@UseGuards(TokenGuard)
class GuardedController extends Controller {
  @Get("/open")
  open() {
    return "ok";
  }

  @Get("/context/:id/:name")
  @UseGuards(recordContext)
  context(@Param("id") id: number, @Param("name") name: string) {
    return { id, name };
  }

  @Get("/answer/:kind")
  @UseGuards(async (context: ExecutionContext) => {
    await Promise.resolve();
    switch (context.params.kind) {
      case "false":
        return false;
      case "response":
        return new Response("teapot", { status: 418, headers: { "x-from": "guard" } });
      case "http":
        throw new TooManyRequestsException("Slow down.", { headers: { "retry-after": "5" } });
      case "crash":
        throw new Error("secret internal detail");
      case "weird":
        return "yes" as never;
      default:
        return true;
    }
  })
  answer(@Param("kind") kind: string) {
    return kind;
  }

  @Get("/sync-false")
  @UseGuards(() => false)
  syncFalse() {
    return "never";
  }

  @Get("/sync-throw")
  @UseGuards(() => {
    throw new ForbiddenException("Admins only.");
  })
  syncThrow() {
    return "never";
  }
}

const app = testApp([GuardedController], { providers: [Tokens] });
const withToken = { headers: { "x-token": "good" } };

describe("guards", () => {
  it("instantiates guard classes once, through dependency injection", async () => {
    expect(constructed).toBe(1);
    expect((await send(app, "GET", "/g/open", withToken)).status).toBe(200);
    expect((await send(app, "GET", "/g/open", withToken)).status).toBe(200);
    expect(constructed).toBe(1);
  });

  it("refuses with 403 when a guard answers false", async () => {
    const response = await send(app, "GET", "/g/open");
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 403, title: "Forbidden" });
    expect((await send(app, "GET", "/g/sync-false", withToken)).status).toBe(403);
  });

  it("gives guards the request, raw path parameters, controller, handler and operation", async () => {
    seen.length = 0;
    const response = await send(app, "GET", "/g/context/42/a%20b", withToken);
    expect(await response.json()).toEqual({ id: 42, name: "a b" });
    const [context] = seen;
    expect(context?.request.url).toBe("http://test.local/g/context/42/a%20b");
    // Decoded, but neither coerced nor validated: the binding does that later.
    expect(context?.params).toEqual({ id: "42", name: "a b" });
    expect(context?.controller).toBe(GuardedController);
    expect(context?.handler).toBe("context");
    expect(context?.operation.path).toBe("/g/context/:id/:name");
    expect(context?.operation.docs.operationId).toBe("contextGuarded");
    expect(context?.scopes).toEqual([]);
  });

  it("sends a returned Response as is, and renders thrown errors as problems", async () => {
    expect((await send(app, "GET", "/g/answer/true", withToken)).status).toBe(200);
    expect((await send(app, "GET", "/g/answer/false", withToken)).status).toBe(403);

    const teapot = await send(app, "GET", "/g/answer/response", withToken);
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get("x-from")).toBe("guard");
    expect(await teapot.text()).toBe("teapot");

    const limited = await send(app, "GET", "/g/answer/http", withToken);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("5");
    expect(await limited.json()).toMatchObject({ status: 429, detail: "Slow down." });

    const forbidden = await send(app, "GET", "/g/sync-throw", withToken);
    expect(await forbidden.json()).toMatchObject({ status: 403, detail: "Admins only." });
  });

  it("turns a crashing guard, or one answering something else, into a logged 500", async () => {
    app.logged.length = 0;
    const crash = await send(app, "GET", "/g/answer/crash", withToken);
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)).toMatchObject({ detail: "An unexpected error occurred." });
    const weird = await send(app, "GET", "/g/answer/weird", withToken);
    expect(weird.status).toBe(500);
    expect(app.logged).toHaveLength(2);
    expect(String(app.logged[1]?.[1])).toContain("a guard answers true, false or a Response");
  });

  it("runs global guards first, then the class's, then the method's", async () => {
    const order: string[] = [];
    const named = (name: string, answer = true) =>
      Object.defineProperty(
        () => {
          order.push(name);
          return answer;
        },
        "name",
        { value: name },
      );
    @Route("/o")
    @UseGuards(named("class 1"), named("class 2"))
    class OrderController extends Controller {
      @Get()
      @UseGuards(named("method"))
      get() {
        return "ok";
      }

      @Get("/stop")
      @UseGuards(named("method"))
      @UseGuards(named("refuses", false), named("never"))
      stop() {
        return "never";
      }
    }
    const ordered = testApp([OrderController], { guards: [named("global")] });
    expect((await send(ordered, "GET", "/o")).status).toBe(200);
    expect(order).toEqual(["global", "class 1", "class 2", "method"]);
    order.length = 0;
    expect((await send(ordered, "GET", "/o/stop")).status).toBe(403);
    expect(order).toEqual(["global", "class 1", "class 2", "method", "refuses"]);
  });

  it("accepts guard instances, and rejects what is not a guard at startup", async () => {
    const instance = {
      calls: 0,
      canActivate() {
        this.calls++;
        return true;
      },
    };
    @Route("/i")
    class InstanceController extends Controller {
      @Get()
      @UseGuards(instance)
      get() {
        return "ok";
      }
    }
    const withInstance = testApp([InstanceController]);
    expect((await send(withInstance, "GET", "/i")).status).toBe(200);
    expect(instance.calls).toBe(1);

    class NotAGuard {}
    @Route("/bad")
    class BadController extends Controller {
      @Get()
      @UseGuards(NotAGuard as never)
      get() {}
    }
    expectConfigError(
      () => testApp([BadController]),
      "INVALID_GUARD",
      "BadController.get",
      "NotAGuard",
    );
    expectConfigError(
      () => testApp([InstanceController], { guards: [42 as never] }),
      "INVALID_GUARD",
      "guards[0]",
    );
    expectConfigError(
      () => testApp([InstanceController], { guards: "x" as never }),
      "INVALID_OPTION",
      "guards",
    );
  });

  it("marks guarded operations so the document lists 401 and 403", () => {
    const document = buildDocument({
      schema: jsonSchemaAdapter(),
      controllers: [GuardedController],
    }) as Json;
    expect(Object.keys(document.paths["/g/open"].get.responses)).toEqual(
      expect.arrayContaining(["401", "403"]),
    );

    @Route("/plain")
    class PlainController extends Controller {
      @Get()
      @Returns(200)
      get() {}
    }
    const plain = testApp([PlainController]).document as Json;
    expect(Object.keys(plain.paths["/plain"].get.responses)).not.toContain("403");
    const global = testApp([PlainController], { guards: [() => true] }).document as Json;
    expect(Object.keys(global.paths["/plain"].get.responses)).toContain("403");
  });
});

describe("guards under a real Bun.serve", () => {
  const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
  afterAll(() => server.stop(true));

  it("run for route-map requests, with decoded parameters", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/g/open`)).status).toBe(403);
    seen.length = 0;
    const response = await fetch(`${base}/g/context/7/x%2Fy`, withToken);
    expect(await response.json()).toEqual({ id: 7, name: "x/y" });
    expect(seen[0]?.params).toEqual({ id: "7", name: "x/y" });
  });
});
