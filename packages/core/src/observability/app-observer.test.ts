import { schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Req } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get, Post } from "../decorators/verbs.js";
import { send, testApp } from "../test-helpers/test-app.js";
import type { AppObserver, AppTelemetry } from "./app-observer.js";
import { getRequestLogger } from "./request-logger.js";

const Item = schema({
  type: "object",
  required: ["name"],
  properties: { name: { type: "string", minLength: 1 } },
});

const logged: unknown[][] = [];

@Route("/items")
class ItemController extends Controller {
  @Post()
  @UseGuards(() => true)
  create(@Body(Item) item: { name: string }, @Req() request: Request) {
    getRequestLogger(request).info("created", { name: item.name });
    return item;
  }

  @Get("/boom")
  boom(): never {
    throw new Error("boom");
  }
}

/** An observer that writes down every call core makes to it. */
function recording(calls: string[]): AppTelemetry {
  const observer: AppObserver = {
    request: (handler, route) => (request, server) => {
      calls.push(`request ${route ?? "-"}`);
      return handler(request, server);
    },
    route(operation) {
      calls.push(`route ${operation.openapiPath} (startup)`);
      return {
        enter: (handler) => (request, params, decoded) => {
          calls.push(`enter ${operation.openapiPath}`);
          return handler(request, params, decoded);
        },
        stages: {
          guards: (check) => check,
          inputs: (handler) => (request, params, decoded) => {
            calls.push("inputs");
            return handler(request, params, decoded);
          },
          perRequest: (made, instance) => (request) =>
            made === undefined ? Object.create(instance) : made(request),
          handler: (invoke) => (state, args) => {
            calls.push("handler");
            return invoke(state, args);
          },
          finish: (finish) => finish,
        },
      };
    },
    errors: {
      thrown: (error) => calls.push(`thrown ${(error as Error).message}`),
      invalid: () => calls.push("invalid"),
    },
    pubsub: (pubsub) => {
      calls.push("pubsub (startup)");
      return pubsub;
    },
    traceId: () => "trace-1",
  };
  return { observe: () => observer };
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };

describe("the observer contract (an observer in createApp({ plugins }))", () => {
  it("calls each member where core calls it: at startup once, per request through the wrappers", async () => {
    const calls: string[] = [];
    const app = testApp([ItemController], {
      ...quiet,
      plugins: [recording(calls)],
      logger: {
        error: () => {},
        info: (...args: unknown[]) => logged.push(args),
      },
    });
    expect(calls.sort()).toEqual([
      "pubsub (startup)",
      "route /items (startup)",
      "route /items/boom (startup)",
    ]);
    calls.length = 0;
    const created = await app.fetch(
      new Request("http://test.local/items", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "lamp" }),
      }),
    );
    expect(created.status).toBe(200);
    expect(calls).toEqual(["request -", "enter /items", "inputs", "handler"]);
    // getRequestLogger binds the trace id the observer gives (beside the request id).
    expect(logged.at(-1)).toEqual([
      "created",
      { name: "lamp" },
      { requestId: expect.any(String), traceId: "trace-1" },
    ]);
    calls.length = 0;
    expect((await send(app, "POST", "/items", { json: { name: "" } })).status).toBe(400);
    expect(calls).toEqual(["request -", "enter /items", "inputs", "invalid"]);
    calls.length = 0;
    expect((await send(app, "GET", "/items/boom")).status).toBe(500);
    expect(calls).toEqual(["request -", "enter /items/boom", "handler", "thrown boom"]);
    // Through Bun's route map, the wrapper knows the route's template from the start.
    const map = app.routes["/items/boom"]?.GET as (request: Request) => Promise<Response>;
    calls.length = 0;
    await map(new Request("http://test.local/items/boom"));
    expect(calls[0]).toBe("request /items/boom");
  });

  it("an observe() that answers undefined installs nothing; a value that is not a telemetry is refused", async () => {
    let asked = 0;
    const app = testApp([ItemController], {
      ...quiet,
      plugins: [
        {
          observe: () => {
            asked++;
            return undefined;
          },
        },
      ],
    });
    expect(asked).toBe(1);
    expect((await send(app, "GET", "/items/boom")).status).toBe(500);
    expect(() =>
      testApp([ItemController], { plugins: [{ observe: () => ({}) }] as never }),
    ).toThrow(/the observer in plugins must be one such as openTelemetry\(\) of @trellis\/otel/);
  });
});
