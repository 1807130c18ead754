import { Body, Controller, createApp, Get, Post, Returns, Route } from "@trellis/core";
import { Idempotent, idempotencyKeys } from "@trellis/idempotency";
import { RateLimit, rateLimits } from "@trellis/rate-limit";
import { jsonSchemaAdapter, schema, within } from "@trellis/testing";
import { type RunningEngine, startRedis } from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "./redis-idempotency-store.js";
import { redisRateLimitStore } from "./redis-rate-limit-store.js";

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "Order",
);

let runs = 0;
let open: (() => void) | undefined;
const gate = () => new Promise<void>((resolve) => (open = resolve));

@Route("/")
class ShopController extends Controller {
  @Get("ping")
  @RateLimit({ limit: 5, window: 600 })
  ping() {
    return { pong: true };
  }

  @Post("orders")
  @Idempotent()
  @Returns(201, Order)
  async order(@Body(Order) order: { item: string }) {
    runs++;
    if (order.item === "held") await gate();
    this.setStatus(201);
    return order;
  }
}

/** Two instances of one API, each with its own connections to one redis-server. */
let redis: RunningEngine;
const instances: { url: URL; close(): Promise<void> }[] = [];
beforeAll(async () => {
  redis = await startRedis();
  for (let index = 0; index < 2; index++) {
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [ShopController],
      plugins: [
        rateLimits({ store: redisRateLimitStore({ url: redis.url }) }),
        idempotencyKeys({ store: redisIdempotencyStore({ url: redis.url }) }),
      ],
      openapi: { undeclaredResponses: "off" },
    });
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    instances.push({
      url: server.url,
      close: async () => {
        await server.stop(true);
        await app.close();
      },
    });
  }
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await redis?.stop();
});

const on = (index: number, path: string, init?: RequestInit) =>
  fetch(new URL(path, instances[index % 2]?.url), init);

describe("two instances sharing redis-server", () => {
  it("let exactly `limit` of 1,000 concurrent requests through across both", async () => {
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => on(index, "/ping").then((r) => r.status)),
    );
    const passed = answers.filter((status) => status === 200).length;
    const refused = answers.filter((status) => status === 429).length;
    expect({ passed, refused }).toEqual({ passed: 5, refused: 995 });
  });

  it("process one Idempotency-Key sent to both at once exactly once", async () => {
    runs = 0;
    const post = (index: number, item: string) =>
      on(index, "/orders", {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": '"order-1"' },
        body: JSON.stringify({ item }),
      });
    const attempts = Array.from({ length: 40 }, (_, index) => post(index, "held"));
    // Every attempt but the one that runs is answered while it is held: 409, from either instance.
    const settled: Response[] = [];
    const first = await within(
      new Promise<Response[]>((resolve) => {
        for (const attempt of attempts) {
          void attempt.then((response) => {
            settled.push(response);
            if (settled.length === 39) resolve([...settled]);
          });
        }
      }),
      20,
      "39 of the 40 attempts answered while one is held",
    );
    expect(first.map((response) => response.status)).toEqual(Array(39).fill(409));
    expect(runs).toBe(1);
    // The running request may still be reading its body: release it once it waits.
    await within(
      (async () => {
        while (open === undefined) await Bun.sleep(1);
      })(),
      10,
      "the running request waiting on its gate",
    );
    open?.();
    const all = await within(Promise.all(attempts), 20, "every attempt answered");
    expect(all.filter((response) => response.status === 201)).toHaveLength(1);
    // Retries on either instance now get the kept response; another payload is 422.
    for (const index of [0, 1]) {
      const replay = await post(index, "held");
      expect(replay.status).toBe(201);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
    }
    expect((await post(1, "other")).status).toBe(422);
    expect(runs).toBe(1);
  });
});
