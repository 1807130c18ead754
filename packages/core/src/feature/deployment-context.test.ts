import { jsonSchemaAdapter } from "@trellis/testing";
import { afterEach, describe, expect, it } from "vitest";
import { buildDocument } from "../app/build-document.js";
import { createApp } from "../app/create-app.js";
import { Controller } from "../controller/controller.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import type { Logger } from "../errors/logger.js";
import { inProcessPubSub } from "../pubsub/in-process-pubsub.js";
import type { PubSub } from "../pubsub/pubsub.js";
import { featureKey } from "./feature-key.js";
import type { Deployment, RouteFeature } from "./route-feature.js";

// A feature that records the deployment each route was planned in.
const seen: (Deployment | undefined)[] = [];
const markKey = featureKey<true>("@Mark", () => markFeature());
const markFeature = (): RouteFeature<true, true> => ({
  name: "mark",
  key: markKey,
  plan(_setting, _operation, context) {
    seen.push(context.deployment);
    return true;
  },
});

@Route("/marked")
class MarkedController extends Controller {
  @Get()
  @Returns(200, undefined, "ok")
  @markKey.record(true)
  marked() {
    return "ok";
  }
}

const logger: Logger = { error: () => {} };
const environment = process.env.NODE_ENV;
afterEach(() => {
  seen.length = 0;
  process.env.NODE_ENV = environment;
});

/** The in-process engine under another name, as an engine adapter reports its own. */
function namedPubSub(engine: string): PubSub {
  const inner = inProcessPubSub();
  return {
    publish: (topic, payload) => inner.publish(topic, payload),
    subscribe: (topic, listener) => inner.subscribe(topic, listener),
    replay: (topic, after) => inner.replay(topic, after),
    compare: (a, b) => inner.compare(a, b),
    status: () => ({ ...inner.status(), engine }),
    close: () => inner.close(),
  };
}

describe("the plan context's deployment", () => {
  it("names the app's pub/sub engine and NODE_ENV, with the app's logger", () => {
    process.env.NODE_ENV = "test";
    createApp({ schema: jsonSchemaAdapter(), controllers: [MarkedController], logger });
    expect(seen).toEqual([{ pubsub: "in-process", production: false, logger: expect.anything() }]);
    seen.length = 0;
    process.env.NODE_ENV = "production";
    createApp({
      schema: jsonSchemaAdapter(),
      controllers: [MarkedController],
      logger,
      pubsub: namedPubSub("redis"),
    });
    expect(seen).toMatchObject([{ pubsub: "redis", production: true }]);
    // The logger handed over is the app's (it is normalized, so compared by what it forwards).
    const lines: unknown[] = [];
    seen.length = 0;
    createApp({
      schema: jsonSchemaAdapter(),
      controllers: [MarkedController],
      logger: { error: () => {}, warn: (message: string) => lines.push(message) },
    });
    seen[0]?.logger.warn?.("hello");
    expect(lines).toEqual(["hello"]);
  });

  it("is absent when only a document is built", () => {
    buildDocument({ schema: jsonSchemaAdapter(), controllers: [MarkedController] });
    expect(seen).toEqual([undefined]);
  });
});
