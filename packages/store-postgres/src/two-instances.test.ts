import { apiKey, generateApiKey, hashApiKey } from "@trellis/auth";
import { Body, Controller, createApp, Get, Post, Returns, Route, Security } from "@trellis/core";
import { Idempotent, idempotencyKeys } from "@trellis/idempotency";
import { RateLimit, rateLimits } from "@trellis/rate-limit";
import { jsonSchemaAdapter, schema, within } from "@trellis/testing";
import {
  type RunningEngine,
  type RunningPgBouncer,
  startPgBouncer,
  startPostgres,
} from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresApiKeyStore } from "./postgres-api-key-store.js";
import { postgresIdempotencyStore } from "./postgres-idempotency-store.js";
import { postgresRateLimitStore } from "./postgres-rate-limit-store.js";

const Order = schema(
  { type: "object", properties: { item: { type: "string" } }, required: ["item"] },
  "Order",
);

let runs = 0;
let open: (() => void) | undefined;
const gate = () => new Promise<void>((resolve) => (open = resolve));
const held = () => open !== undefined;

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

  @Get("me")
  @Security("key")
  me() {
    return { ok: true };
  }
}

/** Two instances of one API, each with its own pool (one per instance) to one Postgres. */
let postgres: RunningEngine;
const bouncers: RunningPgBouncer[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  for (const bouncer of bouncers) await bouncer.stop();
  await postgres?.stop();
});

type Instance = {
  url: URL;
  keys: ReturnType<typeof postgresApiKeyStore>;
  close(): Promise<void>;
};
const instances: Instance[] = [];

/** Starts two instances on `url` (each table its own per route, so every run starts empty). */
async function startInstances(url: string, tables: string): Promise<void> {
  for (let index = 0; index < 2; index++) {
    // One pool shared by the instance's stores: its connections are few and known.
    const sql = new SQL(url, { max: 4, prepare: false });
    const keys = postgresApiKeyStore({ sql, table: `${tables}_keys` });
    const check = apiKey({ store: keys });
    const app = createApp({
      schema: jsonSchemaAdapter(),
      controllers: [ShopController],
      plugins: [
        rateLimits({ store: postgresRateLimitStore({ sql, table: `${tables}_limits` }) }),
        idempotencyKeys({ store: postgresIdempotencyStore({ sql, table: `${tables}_keys_idem` }) }),
      ],
      openapi: { undeclaredResponses: "off", securitySchemes: { key: check.scheme } },
      security: { key: check },
    });
    const server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch });
    instances.push({
      url: server.url,
      keys,
      close: async () => {
        await server.stop(true);
        await app.close();
        await sql.close();
      },
    });
  }
}

const on = (index: number, path: string, init?: RequestInit) =>
  fetch(new URL(path, instances[index % 2]?.url), init);

// Directly, and through Debian's PgBouncer (the test's own process) in each pool mode.
describe.each(["direct", "transaction", "session"] as const)("connected %s:", (way) => {
  beforeAll(async () => {
    let url = postgres.url;
    if (way !== "direct") {
      const bouncer = await startPgBouncer({ postgres, mode: way, poolSize: 10 });
      bouncers.push(bouncer);
      url = bouncer.url;
    }
    await startInstances(url, `shop_${way}`);
  });
  afterAll(async () => {
    for (const instance of instances.splice(0)) await instance.close();
  });

  describe("two instances sharing one Postgres", () => {
    it("let exactly `limit` of 1,000 concurrent requests through across both", async () => {
      const answers = await within(
        Promise.all(
          Array.from({ length: 1000 }, (_, index) => on(index, "/ping").then((r) => r.status)),
        ),
        60,
        "1,000 answers",
      );
      const passed = answers.filter((status) => status === 200).length;
      const refused = answers.filter((status) => status === 429).length;
      expect({ passed, refused }).toEqual({ passed: 5, refused: 995 });
    });

    it("process one Idempotency-Key sent to both at once exactly once", async () => {
      runs = 0;
      open = undefined;
      const post = (index: number, item: string) =>
        on(index, "/orders", {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": '"order-1"' },
          body: JSON.stringify({ item }),
        });
      const attempts = Array.from({ length: 40 }, (_, index) => post(index, "held"));
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
        30,
        "39 answers while one request is held",
      );
      expect(first.map((response) => response.status)).toEqual(Array(39).fill(409));
      expect(runs).toBe(1);
      await within(
        (async () => {
          while (!held()) await Bun.sleep(1);
        })(),
        10,
        "the held request",
      );
      (open as (() => void) | undefined)?.();
      const all = await within(Promise.all(attempts), 30, "every attempt answered");
      expect(all.filter((response) => response.status === 201)).toHaveLength(1);
      for (const index of [0, 1]) {
        const replay = await post(index, "held");
        expect(replay.status).toBe(201);
        expect(replay.headers.get("idempotent-replayed")).toBe("true");
      }
      expect((await post(1, "other")).status).toBe(422);
      expect(runs).toBe(1);
    });

    it("admit a key issued on one instance on both, rotated and revoked everywhere", async () => {
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      const me = (index: number, key: string) =>
        on(index, "/me", { headers: { "x-api-key": key } }).then((r) => r.status);
      const oldKey = generateApiKey();
      const newKey = generateApiKey();
      await a.keys.add({ id: "acme-1", hash: hashApiKey(oldKey), subject: "acme", scopes: [] });
      expect([await me(0, oldKey), await me(1, oldKey)]).toEqual([200, 200]);
      // Rotation: a second key of the same subject on the other instance; both valid meanwhile.
      await b.keys.add({ id: "acme-2", hash: hashApiKey(newKey), subject: "acme", scopes: [] });
      expect([await me(0, newKey), await me(1, oldKey)]).toEqual([200, 200]);
      expect(await b.keys.revoke("acme-1")).toBe(true);
      expect([await me(0, oldKey), await me(1, oldKey)]).toEqual([401, 401]);
      expect([await me(0, newKey), await me(1, newKey)]).toEqual([200, 200]);
      expect(await me(0, "trk_unknown")).toBe(401);
    });
  });
});
