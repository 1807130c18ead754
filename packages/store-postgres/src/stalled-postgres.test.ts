import { apiKey, generateApiKey, hashApiKey } from "@trellis/auth";
import {
  Body,
  Controller,
  EngineUnavailableError,
  Get,
  Post,
  Returns,
  Route,
  Security,
} from "@trellis/core";
import { healthChecks } from "@trellis/health";
import { Idempotent, idempotencyKeys } from "@trellis/idempotency";
import { RateLimit, rateLimits } from "@trellis/rate-limit";
import { appUnderTest, schema, send, within } from "@trellis/testing";
import { type EngineUnderTest, startPostgres } from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { postgresApiKeyStore } from "./postgres-api-key-store.js";
import { postgresIdempotencyStore } from "./postgres-idempotency-store.js";
import { postgresRateLimitStore } from "./postgres-rate-limit-store.js";

// A Postgres that stops answering with its sockets open (every process of the cluster SIGSTOPped):
// each store call ends at its deadline, the request is answered by its feature's outage policy,
// each outage is logged once on entry and once on exit, and the stores work again once it does.

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "StalledOrder",
);

@Route("/")
class ShopController extends Controller {
  @Get("browse")
  @RateLimit({ limit: 1000, window: 600 })
  browse() {
    return { items: [] };
  }

  @Post("orders")
  @Idempotent()
  @Returns(201, Order)
  order(@Body(Order) order: { item: string }) {
    this.setStatus(201);
    return order;
  }

  @Get("me")
  @Security("key")
  me() {
    return { ok: true };
  }
}

let postgres: EngineUnderTest;
let paused = false;
const pause = () => {
  postgres.pause();
  paused = true;
};
const resume = () => {
  if (paused) postgres.resume();
  paused = false;
};
beforeAll(async () => {
  postgres = await startPostgres();
});
afterEach(resume);
afterAll(async () => {
  resume();
  await postgres?.stop();
});

const failure = (work: Promise<unknown>, what: string) =>
  within(
    work.then(
      () => undefined,
      (error: unknown) => error,
    ),
    5,
    what,
  );

describe("a stalled Postgres", () => {
  it("fails each store call at its deadline, then counts on with a new connection", async () => {
    const store = postgresRateLimitStore({ url: postgres.url, statementTimeoutMs: 300 });
    try {
      expect((await store.hit("k", 60_000)).count).toBe(1);
      expect(await store.ping()).toBe(true);
      pause();
      for (let index = 0; index < 3; index++) {
        const error = await failure(Promise.resolve(store.hit("k", 60_000)), "a hit's deadline");
        expect(error).toBeInstanceOf(EngineUnavailableError);
        expect((error as Error).message).toBe("postgres: no answer within 300 ms");
      }
      expect(await within(store.ping(), 5, "a ping's deadline")).toBe(false);
      resume();
      const next = await within(Promise.resolve(store.hit("k", 60_000)), 5, "a hit after SIGCONT");
      // A hit sent before the stall may still have committed: never fewer than the one before.
      expect(next.count).toBeGreaterThanOrEqual(2);
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close?.();
    }
  });

  it("fails a shared pool's call at its deadline and leaves the pool to its owner", async () => {
    const sql = new SQL(postgres.url, { max: 2, prepare: false });
    const store = postgresIdempotencyStore({ sql, statementTimeoutMs: 300 });
    try {
      expect(await store.claim("k", { token: "t", fingerprint: "f", lockMs: 30_000 })).toBe(
        undefined,
      );
      pause();
      const claim = { token: "u", fingerprint: "f", lockMs: 30_000 };
      expect(await failure(store.claim("other", claim), "a claim's deadline")).toBeInstanceOf(
        EngineUnavailableError,
      );
      resume();
      // The same pool answers once Postgres does: the store did not close or replace it.
      const [row] = await within(sql`SELECT 1 AS one`, 5, "the shared pool after SIGCONT");
      expect(row).toEqual({ one: 1 });
      expect(await within(store.claim("k", claim), 5, "a claim after SIGCONT")).toMatchObject({
        state: "running",
      });
    } finally {
      await store.close?.();
      await sql.close();
    }
  });

  it("answers every request within the deadline by its outage policy, logs each outage twice", async () => {
    const options = { url: postgres.url, statementTimeoutMs: 250 };
    const limits = postgresRateLimitStore(options);
    const keys = postgresIdempotencyStore(options);
    const apiKeys = postgresApiKeyStore(options);
    const check = apiKey({ store: apiKeys });
    const key = generateApiKey();
    await apiKeys.add({ id: "k", hash: hashApiKey(key), subject: "acme", scopes: [] });
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
      openapi: { undeclaredResponses: "off", securitySchemes: { key: check.scheme } },
      security: { key: check },
    });
    let next = 0;
    const request = async (method: string, path: string) => {
      const headers: Record<string, string> = { "x-api-key": key };
      if (path === "/orders") headers["idempotency-key"] = `"k${next++}"`;
      const json = method === "POST" ? { item: "tea" } : undefined;
      // Bounded well above the 250 ms deadline, far below a hang.
      const answer = await within(send(app, method, path, { headers, json }), 5, path);
      return { status: answer.status, retryAfter: answer.headers.get("retry-after") };
    };
    const round = async () => ({
      browse: await request("GET", "/browse"),
      orders: await request("POST", "/orders"),
      me: await request("GET", "/me"),
    });
    const served = {
      browse: { status: 200, retryAfter: null },
      orders: { status: 201, retryAfter: null },
      me: { status: 200, retryAfter: null },
    };
    const outage = {
      browse: { status: 200, retryAfter: null }, // rate limit: fail-open, its default
      orders: { status: 503, retryAfter: "1" }, // idempotency: fail-closed, its default
      me: { status: 503, retryAfter: "1" }, // an API key that cannot be looked up
    };
    const lines = () => app.logged.map(([message]) => String(message));
    try {
      expect(await round()).toEqual(served);
      pause();
      for (let index = 0; index < 3; index++) expect(await round()).toEqual(outage);
      const ready = await within(send(app, "GET", "/health/ready"), 5, "readiness");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: "degraded",
        degraded: ["rateLimitStore", "idempotencyStore"],
      });
      const entered = lines().filter((line) =>
        /^Outage: the (rate limit|idempotency) store/.test(line),
      );
      expect(entered).toHaveLength(2);
      resume();
      expect(await round()).toEqual(served);
      const over = lines().filter((line) => line.startsWith("Outage over:"));
      expect(over).toEqual([
        expect.stringMatching(/^Outage over: the rate limit store .*; 3 requests affected/),
        expect.stringMatching(/^Outage over: the idempotency store .*; 3 requests affected/),
      ]);
    } finally {
      await app.close();
      await apiKeys.close();
    }
  });

  it("refuses a deadline that is not a positive number of milliseconds", () => {
    for (const statementTimeoutMs of [0, -1, Number.NaN, "1000" as never, 600_001]) {
      expect(() => postgresRateLimitStore({ url: postgres.url, statementTimeoutMs })).toThrow(
        /statementTimeoutMs must be a number of milliseconds/,
      );
    }
  });
});
