import {
  type App,
  Body,
  Controller,
  createApp,
  Inject,
  Post,
  type PubSub,
  Returns,
  Route,
  Topics,
} from "@trellis/core";
import type { EventMeta } from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { jsonSchemaAdapter, schema } from "../json-schema-adapter.js";
import { within } from "../within.js";

/** How the event meta suite makes the adapter of one instance; instances of one `log` share it. */
export interface EventMetaUnderTest {
  make(log: string): PubSub | Promise<PubSub>;
}

const topic = "orders";

@Route("/orders")
class OrderController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Post("/")
  @Returns(200, schema({ type: "object", properties: { sent: { type: "number" } } }))
  place(@Body(schema({ type: "object" })) order: Record<string, unknown>) {
    return { sent: this.topics.publish(topic, order) };
  }
}

interface Instance {
  readonly app: App;
  readonly logged: unknown[][];
}

async function instance(pubsub: PubSub): Promise<Instance> {
  const logged: unknown[][] = [];
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers: [OrderController],
    pubsub,
    requestContext: true,
    requestId: { trust: true },
    logger: { error: (...args: unknown[]) => logged.push(args), warn: () => {} },
  });
  await app.ready;
  return { app, logged };
}

/** What a subscriber received: the payload and the meta (4th argument) of each delivery. */
function received(app: App) {
  const got: { payload: string; meta: EventMeta | undefined }[] = [];
  let wake: (() => void) | undefined;
  app.pubsub.subscribe(topic, (payload, _id, _topic, meta) => {
    got.push({ payload, meta });
    wake?.();
  });
  const until = async (count: number) => {
    while (got.length < count) await new Promise<void>((resolve) => (wake = resolve));
  };
  return { got, until };
}

/**
 * Two app instances on one engine: an event published inside a request on A reaches a subscriber
 * on B with that request's id (and the trace context given with it), a subscriber failing on B
 * logs the publishing request's id, and an event published outside a request still arrives, with
 * no meta.
 */
export function describeEventMeta(name: string, underTest: () => EventMetaUnderTest): void {
  describe(`event meta across two app instances: ${name}`, () => {
    let logs = 0;
    const pair = async () => {
      const log = `meta-${process.pid}-${Date.now().toString(36)}-${++logs}`;
      const a = await instance(await underTest().make(log));
      const b = await instance(await underTest().make(log));
      return { a, b, stop: () => Promise.all([a.app.close(), b.app.close()]) };
    };

    it("carries the publishing request's id to a subscriber of the other instance", async () => {
      const { a, b, stop } = await pair();
      try {
        const seen = received(b.app);
        b.app.pubsub.subscribe(topic, () => {
          throw new Error("subscriber broke");
        });
        const response = await a.app.fetch(
          new Request("http://local/orders", {
            method: "POST",
            headers: { "content-type": "application/json", "x-request-id": "order-req-7" },
            body: JSON.stringify({ n: 1 }),
          }),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ sent: 1 });
        await within(seen.until(1), 10, "the event on instance B");
        expect(seen.got[0]).toEqual({ payload: '{"n":1}', meta: { requestId: "order-req-7" } });
        // The failing subscriber's line names the request that published what it failed on.
        const line = b.logged.find((args) => String(args[0]).includes("subscriber of topic"));
        expect(line?.[2]).toEqual({ publishedBy: "order-req-7" });
      } finally {
        await stop();
      }
    });

    it("carries a trace context unchanged, and delivers events without meta", async () => {
      const { a, b, stop } = await pair();
      try {
        const seen = received(b.app);
        const meta: EventMeta = {
          requestId: "r-1",
          traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
          tracestate: "vendor=opaque",
        };
        a.app.pubsub.publish(topic, '{"n":1}', meta);
        // Outside a request: nothing to carry.
        a.app.publish(topic, { n: 2 });
        await within(seen.until(2), 10, "both events on instance B");
        expect(seen.got).toEqual([
          { payload: '{"n":1}', meta },
          { payload: '{"n":2}', meta: undefined },
        ]);
      } finally {
        await stop();
      }
    });
  });
}
