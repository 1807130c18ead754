import { describe, expect, it } from "vitest";
import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { type StageCompileContext, withFeatureStages, withHandlerHooks } from "./compile-stages.js";
import { featureKey } from "./feature-key.js";
import { installedFeatures } from "./plan-features.js";
import type { AnswerHandler, FeatureKey, RouteFeature } from "./route-feature.js";

// How a route's features are put together at startup: which stages wrap it and in what order,
// what each stage is told (the route, its name, how to answer), and which feature lists are
// refused. One call more per request, or one feature dropped, is what these catch.
const operation = {
  controller: { name: "Orders" },
  handlerName: "create",
  features: [
    { feature: "outer", plan: "o" },
    { feature: "plain", plan: "p" },
    { feature: "inner", plan: "i" },
    { feature: "missing", plan: "m" },
  ],
} as unknown as Operation;

const handler: RouteHandler = () => new Response("handled");
const answer: AnswerHandler = () => new Response("answered");

function context(features: Record<string, object>, log: string[]): StageCompileContext {
  return {
    features: new Map(Object.entries(features) as [string, RouteFeature][]),
    stage: { logger: { error: () => undefined } } as never,
    respond: (error, _request, target) => {
      log.push(
        `respond ${String(error)} for ${(target as unknown as { handlerName: string }).handlerName}`,
      );
      return new Response("refused", { status: 418 });
    },
  };
}

const stageOf = (name: string, log: string[], place = "after-guards") => ({
  stage: {
    place,
    compile: (
      plan: unknown,
      next: RouteHandler,
      given: {
        where: string;
        operation: Operation;
        respond: (e: unknown, r: Request) => Response;
        logger?: unknown;
      },
    ) => {
      log.push(
        `compile ${name}:${String(plan)} at ${given.where} (${given.operation === operation}, logger ${given.logger !== undefined})`,
      );
      return ((request, params, decoded) => {
        log.push(`enter ${name}`);
        if (request.headers.has(`x-refuse-${name}`)) return given.respond(name, request);
        return next(request, params, decoded);
      }) as RouteHandler;
    },
  },
});

describe("withFeatureStages", () => {
  it("gives the handler back as it is without features or without a context", () => {
    expect(
      withFeatureStages(
        handler,
        { ...operation, features: undefined } as Operation,
        "after-guards",
        context({}, []),
      ),
    ).toBe(handler);
    expect(withFeatureStages(handler, operation, "after-guards", undefined)).toBe(handler);
  });

  it("wraps the stages at this place, the first listed outermost, each told its route and how to answer", async () => {
    const log: string[] = [];
    const features = {
      outer: stageOf("outer", log),
      plain: {},
      inner: stageOf("inner", log),
      other: stageOf("other", log, "before-guards"),
    };
    const wrapped = withFeatureStages(handler, operation, "after-guards", context(features, log));
    expect(log).toEqual([
      "compile inner:i at Orders.create (true, logger true)",
      "compile outer:o at Orders.create (true, logger true)",
    ]);
    log.length = 0;
    expect(await (await wrapped(new Request("http://x/"), undefined, undefined)).text()).toBe(
      "handled",
    );
    expect(log).toEqual(["enter outer", "enter inner"]);
    log.length = 0;
    const refused = await wrapped(
      new Request("http://x/", { headers: { "x-refuse-inner": "1" } }),
      undefined,
      undefined,
    );
    expect(refused.status).toBe(418);
    expect(log).toEqual(["enter outer", "enter inner", "respond inner for create"]);
  });
});

describe("withHandlerHooks", () => {
  const hooksOf = (name: string, log: string[], withAnswer = true) => ({
    handler: {
      compile: (
        plan: unknown,
        next: AnswerHandler,
        given: { where: string; respond: (e: unknown, r: Request) => Response },
      ) => ({
        enter: (_request: Request, state: object) => {
          log.push(`enter ${name}:${String(plan)} at ${given.where}`);
          (state as Record<string, unknown>)[name] = true;
        },
        ...(withAnswer
          ? {
              answer: ((request, state, value) => {
                log.push(`answer ${name}`);
                if (request.headers.has(`x-refuse-${name}`)) return given.respond(name, request);
                return next(request, state, value);
              }) as AnswerHandler,
            }
          : {}),
      }),
    },
  });

  it("gives the answer back and no enter without features or without a context", () => {
    for (const composed of [
      withHandlerHooks(answer, { ...operation, features: undefined } as Operation, context({}, [])),
      withHandlerHooks(answer, operation, undefined),
      withHandlerHooks(answer, operation, context({ plain: {} }, [])),
    ]) {
      expect(composed.enter).toBeUndefined();
      expect(composed.answer).toBe(answer);
    }
  });

  it("uses a single enter hook as it is, and runs several in the listed order", async () => {
    const log: string[] = [];
    const one = withHandlerHooks(
      answer,
      operation,
      context({ inner: hooksOf("inner", log, false) }, log),
    );
    expect(one.answer).toBe(answer);
    const state = {};
    one.enter?.(new Request("http://x/"), state);
    expect(log).toEqual(["enter inner:i at Orders.create"]);
    expect(state).toEqual({ inner: true });

    log.length = 0;
    const both = withHandlerHooks(
      answer,
      operation,
      context({ outer: hooksOf("outer", log), inner: hooksOf("inner", log), plain: {} }, log),
    );
    const shared = {};
    both.enter?.(new Request("http://x/"), shared);
    expect(shared).toEqual({ outer: true, inner: true });
    expect(await (await both.answer(new Request("http://x/"), shared, 1)).text()).toBe("answered");
    expect(log).toEqual([
      "enter outer:o at Orders.create",
      "enter inner:i at Orders.create",
      "answer outer",
      "answer inner",
    ]);
    log.length = 0;
    const refused = await both.answer(
      new Request("http://x/", { headers: { "x-refuse-outer": "1" } }),
      shared,
      1,
    );
    expect(refused.status).toBe(418);
    expect(log).toEqual(["answer outer", "respond outer for create"]);
  });
});

describe("installedFeatures", () => {
  const keyA: FeatureKey<string> = featureKey<string>("@A", () => feature("a", keyA));
  const keyB: FeatureKey<string> = featureKey<string>("@B", () => feature("b", keyB));
  function feature(name: string, key: FeatureKey<string>): RouteFeature<string, string> {
    return { name, key, plan: () => undefined };
  }

  it("refuses an entry that is not a route feature (createApp's plugins sorted it as one)", () => {
    const good = feature("a", keyA);
    for (const bad of [
      null,
      5,
      {},
      { ...good, name: 1 },
      { ...good, plan: "x" },
      { ...good, key: undefined },
      { ...good, key: {} },
    ]) {
      expectConfigError(
        () => installedFeatures([good, bad], "createApp"),
        "INVALID_PLUGIN",
        "createApp: plugins list a route feature without a name or key.read",
      );
    }
    expect(installedFeatures([good, feature("b", keyB)], "createApp").map((f) => f.name)).toEqual([
      "a",
      "b",
    ]);
  });

  it("refuses one feature listed twice, by name or by key", () => {
    expectConfigError(
      () => installedFeatures([feature("a", keyA), feature("a", keyB)], "createApp"),
      "INVALID_FEATURE",
      'createApp: plugins list the route feature "a" twice; list each once.',
    );
    expectConfigError(
      () => installedFeatures([feature("a", keyA), feature("b", keyA)], "createApp"),
      "INVALID_FEATURE",
      'plugins list the route feature "b" twice',
    );
  });
});
