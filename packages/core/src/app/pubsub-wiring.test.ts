import { openSocket, within } from "@trellis/testing";
import { describeScaleOut } from "@trellis/testing/engines";
import { afterAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Inject } from "../decorators/inject.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { Topics } from "../di/topics.js";
import { WebSocketPublisher } from "../di/websocket-publisher.js";
import { inProcessPubSub } from "../pubsub/in-process-pubsub.js";
import type { PubSub } from "../pubsub/pubsub.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "../websocket/websocket-connection.js";
import { OnOpen, WebSocketRoute } from "../websocket/websocket-decorators.js";

/** A pub/sub that counts its live subscriptions and closes, around an in-process one. */
function counting(inner: PubSub = inProcessPubSub()) {
  const counts = { subscriptions: 0, closed: 0 };
  const pubsub: PubSub = {
    publish: (topic, payload) => inner.publish(topic, payload),
    subscribe(topic, listener) {
      counts.subscriptions++;
      const stop = inner.subscribe(topic, listener);
      return () => {
        counts.subscriptions--;
        stop();
      };
    },
    replay: (topic, after) => inner.replay(topic, after),
    compare: (a, b) => inner.compare(a, b),
    status: () => inner.status(),
    close() {
      counts.closed++;
    },
  };
  return { pubsub, counts };
}

// In process, two "instances" share one adapter (an engine's adapters share the engine instead).
const shared = inProcessPubSub();
describeScaleOut("in-process (one adapter shared by both apps)", () => ({
  make: () => counting(shared).pubsub,
}));

@Route("/ping")
class PingController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Get()
  ping() {
    return { reached: this.topics.publish("pings", { ping: true }) };
  }
}

@WebSocketRoute("/ws/rooms")
class RoomSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.subscribe("a");
    connection.subscribe("b");
    connection.subscribe("a");
    connection.follow("c");
  }
}

describe("createApp({ pubsub })", () => {
  it("refuses a pubsub that does not implement the contract", () => {
    expectConfigError(
      () => testApp([PingController], { pubsub: { publish() {} } as never }),
      "INVALID_PUBSUB",
      "pubsub must implement the PubSub contract",
      "it lacks subscribe, replay, compare, status, close",
    );
  });

  it("refuses a provider that would replace WebSocketPublisher or Topics, instead of ignoring it", () => {
    expectConfigError(
      () =>
        testApp([PingController], {
          providers: [{ provide: WebSocketPublisher, useValue: { publish: () => 0 } }],
        }),
      "RESERVED_PROVIDER",
      "createApp: providers cannot replace WebSocketPublisher",
    );
    expectConfigError(
      () => testApp([PingController], { providers: [{ provide: Topics, useValue: {} }] }),
      "RESERVED_PROVIDER",
      "cannot replace Topics",
    );
  });

  it("publishes through the app's pubsub and closes it with the app", async () => {
    const { pubsub, counts } = counting();
    const app = testApp([PingController], { pubsub });
    const seen: string[] = [];
    pubsub.subscribe("pings", (payload) => seen.push(payload));
    const response = await app.fetch(new Request("http://test.local/ping"));
    expect(await response.json()).toEqual({ reached: 1 });
    expect(app.publish("pings", [1])).toBe(1);
    expect(seen).toEqual(['{"ping":true}', "[1]"]);
    expect(app.pubsub).toBe(pubsub);
    expect(() => app.publish("pings", undefined)).toThrow(/JSON value/);
    await app.close();
    expect(counts.closed).toBe(1);
  });

  describe("WebSocket topics", () => {
    const { pubsub, counts } = counting();
    const app = testApp([RoomSocket], { pubsub });
    const server = Bun.serve({
      port: 0,
      routes: app.routes,
      fetch: app.fetch,
      websocket: app.websocket,
    });
    afterAll(async () => {
      await app.close();
      await server.stop(true);
    });

    it("subscribes the app once per topic while connections need it, and releases it after", async () => {
      const first = await openSocket(`ws://localhost:${server.port}/ws/rooms`);
      const second = await openSocket(`ws://localhost:${server.port}/ws/rooms`);
      // Topics a and b bridged once each; c followed by each connection.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(counts.subscriptions).toBe(4);
      app.publish("a", { to: "a" });
      expect(await first.next()).toEqual({ to: "a" });
      expect(await second.next()).toEqual({ to: "a" });
      app.publish("c", { to: "c" });
      expect((await first.next()).to).toBe("c");
      first.socket.close();
      await within(first.closed, 10, "the first socket closed");
      second.socket.close();
      await within(second.closed, 10, "the second socket closed");
      await within(
        (async () => {
          while (counts.subscriptions > 0) await new Promise((resolve) => setTimeout(resolve, 5));
        })(),
        10,
        "every subscription released",
      );
      expect(counts.subscriptions).toBe(0);
    });
  });
});
