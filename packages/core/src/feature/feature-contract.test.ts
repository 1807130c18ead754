import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Header } from "../decorators/bindings.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { UseGuards } from "../decorators/use-guards.js";
import { UseInterceptors } from "../decorators/use-interceptors.js";
import { Get, Post } from "../decorators/verbs.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { withFeatureStages, withHandlerHooks } from "./compile-stages.js";
import { featureKey } from "./feature-key.js";
import type {
  AnswerHandler,
  FeatureKey,
  FeatureSetting,
  RouteFeature,
  StagePlace,
} from "./route-feature.js";

// A feature for these tests: it records what it was planned with and which stages ran.
const seen: string[] = [];
const planned: { where: string; setting: FeatureSetting<string> }[] = [];
let closed = 0;

function tagFeature(
  name: string,
  place: StagePlace,
  appSetting?: string,
): RouteFeature<string, string> {
  return {
    name,
    key: tagKey,
    ...(appSetting === undefined ? {} : { appSetting }),
    plan(setting, _operation, { where }) {
      planned.push({ where, setting });
      return setting.value === "skip" ? undefined : setting.value;
    },
    stage: {
      place,
      compile: (plan, next) => (request, params, decoded) => {
        seen.push(`${name}:${plan}`);
        return next(request, params, decoded);
      },
    },
    document: (plan) => ({
      parameters: [
        {
          name: "X-Tag",
          in: "header",
          required: false,
          description: `the tag ${plan}`,
          schema: { type: "string", const: plan },
        },
      ],
      successHeaders: { "X-Tagged": { description: "tagged", schema: { type: "string" } } },
      responses: [
        { status: 409, description: "Conflict: tag taken.", documented: "append" },
        { status: 418, description: "I'm a teapot: tagged." },
      ],
    }),
    close: () => {
      closed++;
    },
  };
}
const tagKey = featureKey<string>("@Tag", () => tagFeature("tag", "after-guards"));
const Tag = (value: string | false) => tagKey.record(value);

@Route("/tagged")
@Tag("class")
class TaggedController extends Controller {
  @Get("/own")
  @Tag("method")
  @Returns(200, undefined, "ok")
  own() {
    return "own";
  }

  @Get("/inherited")
  @Returns(200, undefined, "ok")
  @Returns(409, undefined, "Conflict: the user's own")
  inherited() {
    return "inherited";
  }

  @Post("/off")
  @Tag(false)
  @Returns(200, undefined, "ok")
  off() {
    return "off";
  }
}

@Route("/plain")
class PlainController extends Controller {
  @Get()
  @Returns(200, undefined, "ok")
  plain() {
    return "plain";
  }

  @Get("/skipped")
  @Tag("skip")
  @Returns(200, undefined, "ok")
  skipped() {
    return "skipped";
  }
}

const deny = () => false;

@Route("/guarded")
class GuardedController extends Controller {
  @Get()
  @UseGuards(deny)
  @Returns(200, undefined, "ok")
  guarded() {
    return "guarded";
  }
}

const reset = () => {
  seen.length = 0;
  planned.length = 0;
};

describe("the route-feature contract", () => {
  it("resolves each route's setting once: method over class over app, false turns it off", async () => {
    reset();
    const app = testApp([TaggedController, PlainController], {
      plugins: [tagFeature("tag", "after-guards", "app")],
    });
    const from = Object.fromEntries(planned.map(({ where, setting }) => [where, setting]));
    expect(from).toEqual({
      "TaggedController.own": { value: "method", from: "method" },
      "TaggedController.inherited": { value: "class", from: "class" },
      "PlainController.plain": { value: "app", from: "app" },
      "PlainController.skipped": { value: "skip", from: "method" },
    });
    await send(app, "GET", "/tagged/own");
    await send(app, "GET", "/tagged/inherited");
    await send(app, "POST", "/tagged/off");
    await send(app, "GET", "/plain");
    await send(app, "GET", "/plain/skipped");
    expect(seen).toEqual(["tag:method", "tag:class", "tag:app"]);
  });

  it("installs the defaults of a feature whose decorator is used but not listed", async () => {
    reset();
    const app = testApp([TaggedController]);
    expect((await send(app, "GET", "/tagged/own")).status).toBe(200);
    expect(seen).toEqual(["tag:method"]);
  });

  it("runs before-guards stages before guards and after-guards ones only past them", async () => {
    reset();
    const edge = tagFeature("edge", "before-guards", "e");
    const inner = {
      ...tagFeature("inner", "after-guards", "i"),
      key: featureKey<string>("@Inner", () => edge),
    };
    const app = testApp([GuardedController], { plugins: [edge, inner] });
    expect((await send(app, "GET", "/guarded")).status).toBe(403);
    expect(seen).toEqual(["edge:e"]);
  });

  it("places a stage by its plan when it has placeOf", async () => {
    reset();
    const base = tagFeature("placed", "before-guards");
    const placed: RouteFeature<string, string> = {
      ...base,
      stage: {
        ...(base.stage as NonNullable<typeof base.stage>),
        placeOf: (plan) => (plan === "late" ? "after-guards" : "before-guards"),
      },
    };
    expect(
      (
        await send(
          testApp([GuardedController], { plugins: [{ ...placed, appSetting: "early" }] }),
          "GET",
          "/guarded",
        )
      ).status,
    ).toBe(403);
    expect(seen).toEqual(["placed:early"]);
    reset();
    expect(
      (
        await send(
          testApp([GuardedController], { plugins: [{ ...placed, appSetting: "late" }] }),
          "GET",
          "/guarded",
        )
      ).status,
    ).toBe(403);
    expect(seen).toEqual([]);
  });

  it("runs the stages of one place in the listed order, the first outermost", async () => {
    reset();
    const second: RouteFeature<string, string> = {
      ...tagFeature("second", "after-guards", "2"),
      key: featureKey<string>("@Second", () => second),
    };
    const app = testApp([PlainController], {
      plugins: [tagFeature("tag", "after-guards", "1"), second],
    });
    await send(app, "GET", "/plain");
    expect(seen).toEqual(["tag:1", "second:2"]);
  });

  it("gives a route without a plan its handler itself: not one frame more", () => {
    const handler: RouteHandler = () => new Response("x");
    const operation = { controller: PlainController, handlerName: "plain" } as unknown as Operation;
    const context = {
      features: new Map(),
      stage: { logger: console, requestIdHeader: undefined },
      respond: () => new Response(),
    };
    expect(withFeatureStages(handler, operation, "before-guards", context)).toBe(handler);
    expect(withFeatureStages(handler, operation, "after-guards", undefined)).toBe(handler);
  });

  it("adds each plan's fragment to its operation, keeping what the user documented", () => {
    for (const version of ["3.0", "3.1"] as const) {
      const app = testApp([TaggedController], {
        plugins: [tagFeature("tag", "after-guards")],
        openapi: { version },
      });
      const paths = app.document.paths as Record<string, Record<string, any>>;
      const own = paths["/tagged/own"]?.get;
      expect(own.parameters).toContainEqual({
        name: "X-Tag",
        in: "header",
        required: false,
        description: "the tag method",
        // 3.0 has no const: the dialect renders it.
        schema:
          version === "3.0"
            ? { type: "string", enum: ["method"] }
            : { type: "string", const: "method" },
      });
      expect(Object.keys(own.responses)).toEqual([
        "200",
        "409",
        "418",
        ...Object.keys(own.responses).slice(3),
      ]);
      expect(own.responses["200"].headers["X-Tagged"]).toEqual({
        description: "tagged",
        schema: { type: "string" },
      });
      const inherited = paths["/tagged/inherited"]?.get;
      expect(inherited.responses["409"].description).toBe(
        "Conflict: the user's own; or tag taken.",
      );
      expect(paths["/tagged/off"]?.post.parameters).toBeUndefined();
    }
  });

  it("lets a feature check all of its routes together", () => {
    const check = {
      ...tagFeature("tag", "after-guards", "x"),
      check(uses: readonly { operation: Operation }[]) {
        throw new TrellisConfigError(
          "INVALID_FEATURE",
          `checked ${uses.map(({ operation }) => operation.handlerName).join(",")}`,
        );
      },
    };
    expectConfigError(
      () => testApp([PlainController], { plugins: [check] }),
      "INVALID_FEATURE",
      // The route whose plan was undefined does not use the feature: it is not among the uses.
      "checked plain",
    );
  });

  it("closes its features on app.close()", async () => {
    const before = closed;
    const app = testApp([PlainController], { plugins: [tagFeature("tag", "after-guards")] });
    await app.close();
    expect(closed).toBe(before + 1);
  });

  it("refuses plugins that are not plugins, two observers, or a feature listed twice", () => {
    expectConfigError(
      () => testApp([PlainController], { plugins: {} as never }),
      "INVALID_PLUGIN",
      "createApp: plugins must be an array of plugins.",
    );
    expectConfigError(
      () => testApp([PlainController], { plugins: [{ name: "x" }] as never }),
      "INVALID_PLUGIN",
      "createApp: plugins[0] is not a plugin: a route feature such as rateLimits()",
    );
    const observer = { observe: () => undefined };
    expectConfigError(
      () => testApp([PlainController], { plugins: [observer, { ...observer }] }),
      "INVALID_PLUGIN",
      "createApp: plugins[1] is a second observer",
    );
    expectConfigError(
      () =>
        testApp([PlainController], {
          plugins: [tagFeature("tag", "after-guards"), tagFeature("tag", "after-guards")],
        }),
      "INVALID_FEATURE",
      'createApp: plugins list the route feature "tag" twice; list each once.',
    );
  });

  it("stops an app that passes an option that moved, saying where it went", () => {
    const moved = [
      [
        "idempotency",
        { ttl: 60 },
        "it is a route feature: list idempotencyKeys({ ... }) from @trellis/idempotency in plugins",
      ],
      [
        "rateLimit",
        { limit: 1, window: 1 },
        "it is a route feature: list rateLimits({ ... }) from @trellis/rate-limit in plugins",
      ],
      ["features", [tagFeature("tag", "after-guards")], "list route features in plugins"],
      ["telemetry", { observe: () => undefined }, "list openTelemetry() in plugins"],
      ["bodyEncodings", ["gzip"], "it is limits.bodyEncodings"],
    ] as const;
    for (const [option, value, where] of moved) {
      expectConfigError(
        () => testApp([PlainController], { [option]: value } as never),
        "OPTION_MOVED",
        `createApp: the ${option} option moved: ${where}.`,
      );
    }
  });

  it("marks a route that reads client addresses, so the app remembers servers", () => {
    const addressed: RouteFeature<string, string> = {
      ...tagFeature("tag", "before-guards", "a"),
      plan: (setting, _operation, context) => {
        context.clientAddress();
        return setting.value;
      },
    };
    const app = testApp([PlainController], { plugins: [addressed] });
    const plain = app.routes["/plain"]?.GET;
    // The route map's handler is wrapped to remember the server (a different function).
    const bare = testApp([PlainController], { plugins: [tagFeature("tag", "before-guards")] })
      .routes["/plain"]?.GET;
    expect(typeof plain).toBe("function");
    expect(plain).not.toBe(bare);
    expect(plain?.toString()).toContain("servers.set");
  });
});

// A feature with a handler stage: it hands each request's handler a value on `this` (under its own
// symbol) and stamps the answer with what the handler returned.
const stampSlot = Symbol("stamp");
const stampKey = featureKey<string>("@Stamp", () => stampFeature("stamp"));
const Stamp = (value: string | false) => stampKey.record(value);
const stampOf = (controller: object): string | undefined =>
  (controller as { [stampSlot]?: string })[stampSlot];

function stampFeature(name: string, key = stampKey): RouteFeature<string, string> {
  return {
    name,
    key,
    plan: (setting) => setting.value,
    handler: {
      compile: (plan, next, context) => ({
        enter: (request, state) => {
          if (request.headers.has("x-refuse")) throw new Error("refused before the handler");
          seen.push(`${name}:enter`);
          const own = state as { [stampSlot]?: string };
          own[stampSlot] = `${own[stampSlot] ?? ""}${plan}`;
        },
        answer: (request, state, value) => {
          seen.push(`${name}:answer`);
          const stamp = (response: Response) => {
            const headers = new Headers(response.headers);
            headers.append("x-stamp", `${name}:${typeof value}:${context.operation.handlerName}`);
            return new Response(response.body, { status: response.status, headers });
          };
          const answer = next(request, state, value);
          return answer instanceof Promise ? answer.then(stamp) : stamp(answer);
        },
      }),
    },
    document: () => ({
      parameters: [
        {
          name: "x-request-tag",
          in: "header",
          required: false,
          description: "the feature's",
          schema: { type: "string" },
        },
      ],
      successHeaders: {
        "X-Stamp": { description: "the feature's", schema: { type: "string" }, example: "a" },
      },
    }),
  };
}

const laterKey: FeatureKey<string> = featureKey<string>("@Later", () =>
  stampFeature("later", laterKey),
);
const Later = (value: string | false) => laterKey.record(value);

@Route("/stamped")
class StampedController extends Controller {
  @Get()
  @Stamp("a")
  @Later("b")
  @Returns(200, undefined, "ok")
  read() {
    seen.push(`handler:${stampOf(this)}`);
    return { stamp: stampOf(this) };
  }

  @Get("/later")
  @Stamp("a")
  @UseInterceptors({ intercept: async (_context, next) => ({ wrapped: await next() }) })
  @Returns(200, undefined, {
    description: "ok",
    headers: { "x-stamp": { description: "the user's" } },
  })
  later(@Header("X-Request-Tag") _tag?: string) {
    return Promise.resolve(stampOf(this));
  }

  @Get("/plain")
  @Returns(200, undefined, "ok")
  plain() {
    return { stamp: stampOf(this) ?? null };
  }
}

describe("a feature's handler stage", () => {
  const app = testApp([StampedController], {
    plugins: [stampFeature("stamp"), stampFeature("later", laterKey)],
  });

  it("sets what the handler finds on `this` before it runs, in the listed order", async () => {
    reset();
    const answer = await send(app, "GET", "/stamped");
    expect(await answer.json()).toEqual({ stamp: "ab" });
    expect(seen).toEqual([
      "stamp:enter",
      "later:enter",
      "handler:ab",
      "stamp:answer",
      "later:answer",
    ]);
    // The first listed answers outermost: its header is added last.
    expect(answer.headers.get("x-stamp")).toBe("later:object:read, stamp:object:read");
  });

  it("answers the value the interceptors made, after an asynchronous handler", async () => {
    reset();
    const answer = await send(app, "GET", "/stamped/later");
    expect(await answer.json()).toEqual({ wrapped: "a" });
    expect(answer.headers.get("x-stamp")).toBe("stamp:object:later");
  });

  it("answers a throw before the handler as the app's error, the handler not run", async () => {
    reset();
    const answer = await send(app, "GET", "/stamped", { headers: { "x-refuse": "1" } });
    expect(answer.status).toBe(500);
    expect(answer.headers.get("content-type")).toBe("application/problem+json");
    expect(seen).toEqual([]);
  });

  it("leaves a route without a plan as it is: no hook, the serializer itself", async () => {
    reset();
    const answer = await send(app, "GET", "/stamped/plain");
    expect(await answer.json()).toEqual({ stamp: null });
    expect(answer.headers.get("x-stamp")).toBeNull();
    expect(seen).toEqual([]);
    const serialize: AnswerHandler = () => new Response("x");
    const operation = { controller: PlainController, handlerName: "plain" } as unknown as Operation;
    const context = {
      features: new Map([["stamp", stampFeature("stamp") as RouteFeature]]),
      stage: { logger: console, requestIdHeader: undefined },
      respond: () => new Response(),
    };
    expect(withHandlerHooks(serialize, operation, context)).toEqual({
      enter: undefined,
      answer: serialize,
    });
    expect(withHandlerHooks(serialize, operation, undefined).answer).toBe(serialize);
  });

  it("documents header examples, and keeps a header or parameter the user documented", () => {
    const paths = app.document.paths as Record<string, Record<string, any>>;
    const read = paths["/stamped"]?.get;
    expect(read.responses["200"].headers["X-Stamp"]).toEqual({
      description: "the feature's",
      schema: { type: "string" },
      example: "a",
    });
    const later = paths["/stamped/later"]?.get;
    expect(later.responses["200"].headers).toEqual({
      "x-stamp": expect.objectContaining({ description: "the user's" }),
    });
    expect(
      later.parameters.filter((p: { name: string }) => p.name.toLowerCase() === "x-request-tag"),
    ).toHaveLength(1);
  });
});
