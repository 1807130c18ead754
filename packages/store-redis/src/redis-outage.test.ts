import { Body, Controller, Get, Post, Returns, Route } from "@trellis/core";
import { healthChecks } from "@trellis/health";
import { Idempotent, idempotencyKeys } from "@trellis/idempotency";
import { RateLimit, rateLimits } from "@trellis/rate-limit";
import { appUnderTest, schema, send, within } from "@trellis/testing";
import { type EngineUnderTest, startRedis } from "@trellis/testing/engines";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "./redis-idempotency-store.js";
import { redisRateLimitStore } from "./redis-rate-limit-store.js";

// One app on a real redis-server that stalls (SIGSTOP: sockets open, no answers) and then dies
// (SIGTERM): every request is answered within the store's deadline by its feature's outage
// policy, each store's outage is logged once on entry and once on exit, and readiness stays 200,
// naming the degraded store, because rate limits are not critical to serving.

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "OutageOrder",
);

@Route("/")
class ShopController extends Controller {
  @Get("browse")
  @RateLimit({ limit: 1000, window: 600 })
  browse() {
    return { items: [] };
  }

  @Post("login")
  @RateLimit({ limit: 1000, window: 600, outage: "fail-closed" })
  @Returns(200, Order)
  login(@Body(Order) order: { item: string }) {
    return order;
  }

  @Post("orders")
  @Idempotent()
  @Returns(201, Order)
  order(@Body(Order) order: { item: string }) {
    this.setStatus(201);
    return order;
  }

  @Post("likes")
  @Idempotent({ outage: "fail-open" })
  @Returns(201, Order)
  like(@Body(Order) order: { item: string }) {
    this.setStatus(201);
    return order;
  }
}

let redis: EngineUnderTest;
let paused = false;
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(() => {
  if (paused) redis.resume();
  paused = false;
});
afterAll(async () => {
  if (paused) redis.resume();
  await redis?.stop();
});

function shop() {
  const options = { url: redis.url, commandTimeoutMs: 250 };
  const limits = redisRateLimitStore(options);
  const keys = redisIdempotencyStore(options);
  const app = appUnderTest([ShopController], {
    plugins: [
      rateLimits({ store: limits }),
      idempotencyKeys({ store: keys }),
      healthChecks({
        pubsub: false,
        indicators: {
          rateLimitStore: { check: () => limits.ping(), critical: false },
          idempotencyStore: { check: () => keys.ping(), critical: false },
        },
      }),
    ],
    openapi: { undeclaredResponses: "off" },
  });
  let key = 0;
  const request = async (method: string, path: string) => {
    const headers: Record<string, string> = {};
    if (path === "/orders" || path === "/likes") headers["idempotency-key"] = `"k${key++}"`;
    const json = method === "POST" ? { item: "tea" } : undefined;
    // Bounded well above the 250 ms deadline, far below a hang.
    const answer = await within(send(app, method, path, { headers, json }), 5, `${method} ${path}`);
    return { status: answer.status, retryAfter: answer.headers.get("retry-after") };
  };
  const round = async () => ({
    browse: await request("GET", "/browse"),
    login: await request("POST", "/login"),
    orders: await request("POST", "/orders"),
    likes: await request("POST", "/likes"),
  });
  const ready = async () => {
    const answer = await within(send(app, "GET", "/health/ready"), 5, "readiness");
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  return { app, round, ready };
}

const served = {
  browse: { status: 200, retryAfter: null },
  login: { status: 200, retryAfter: null },
  orders: { status: 201, retryAfter: null },
  likes: { status: 201, retryAfter: null },
};
const outage = {
  browse: { status: 200, retryAfter: null }, // rate limit, fail-open (its default)
  login: { status: 503, retryAfter: "1" }, // rate limit, fail-closed
  orders: { status: 503, retryAfter: "1" }, // idempotency, fail-closed (its default)
  likes: { status: 201, retryAfter: null }, // idempotency, fail-open
};

describe("an app whose Redis stalls, then dies", () => {
  it("answers every request within the deadline by its outage policy, logs each outage twice, stays ready", async () => {
    const { app, round, ready } = shop();
    expect(await round()).toEqual(served);
    expect((await ready()).body.status).toBe("ok");

    redis.pause();
    paused = true;
    for (let index = 0; index < 3; index++) expect(await round()).toEqual(outage);
    const stalled = await ready();
    expect(stalled.status).toBe(200);
    expect(stalled.body).toMatchObject({
      status: "degraded",
      degraded: ["rateLimitStore", "idempotencyStore"],
    });
    const lines = () => app.logged.map(([message]) => String(message));
    expect(lines()).toEqual([
      expect.stringMatching(/^Outage: the rate limit store is unavailable/),
      expect.stringMatching(/^Outage: the idempotency store is unavailable/),
    ]);

    redis.resume();
    paused = false;
    expect(await round()).toEqual(served);
    // 3 rounds of 2 rate-limited and 2 idempotent requests each.
    expect(lines().slice(2)).toEqual([
      expect.stringMatching(/^Outage over: the rate limit store .*; 6 requests affected/),
      expect.stringMatching(/^Outage over: the idempotency store .*; 6 requests affected/),
    ]);
    expect((await ready()).body.status).toBe("ok");

    await redis.down();
    try {
      for (let index = 0; index < 2; index++) expect(await round()).toEqual(outage);
      expect((await ready()).body).toMatchObject({ status: "degraded" });
      expect(app.logged).toHaveLength(6);
    } finally {
      await redis.up();
    }
    expect(await round()).toEqual(served);
    expect(lines().slice(6)).toEqual([
      expect.stringMatching(/; 4 requests affected/),
      expect.stringMatching(/; 4 requests affected/),
    ]);
    await app.close();
  });
});
