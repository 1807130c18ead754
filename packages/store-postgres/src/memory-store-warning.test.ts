import { Body, Controller, createApp, Get, Post, Returns, Route } from "@trellis/core";
import { Idempotent, idempotencyKeys } from "@trellis/idempotency";
import { postgresPubSub } from "@trellis/pubsub-postgres";
import { RateLimit, rateLimits } from "@trellis/rate-limit";
import { jsonSchemaAdapter, schema, within } from "@trellis/testing";
import { type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresIdempotencyStore } from "./postgres-idempotency-store.js";
import { postgresRateLimitStore } from "./postgres-rate-limit-store.js";

const Item = schema({ type: "object", properties: { name: { type: "string" } } }, "Item");

@Route("/")
class ShopController extends Controller {
  @Get("ping")
  @RateLimit({ limit: 5, window: 60 })
  @Returns(200, undefined, "ok")
  ping() {
    return "pong";
  }

  @Post("orders")
  @Idempotent()
  @Returns(201, Item)
  order(@Body(Item) item: object) {
    return item;
  }
}

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

/** The startup warnings of an app publishing through Postgres, with `features`. */
async function warnings(features?: unknown[]): Promise<string[]> {
  const lines: string[] = [];
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers: [ShopController],
    logger: { error: () => {}, warn: (message: string) => lines.push(message) },
    pubsub: postgresPubSub({ url: postgres.url }),
    ...(features === undefined ? {} : { plugins: features as never }),
  });
  await within(app.ready, 20, "the app ready");
  await app.close();
  return lines.filter((line) => line.includes("memory"));
}

describe("an app on a pub/sub engine", () => {
  it("warns once per feature that keeps its state in memory, naming the store to use", async () => {
    const lines = await warnings();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^rate-limit: .*"postgres" pub\/sub engine.*postgresRateLimitStore\(\)/,
    );
    expect(lines[1]).toMatch(/^idempotency: .*postgresIdempotencyStore\(\)/);
  });

  it("says nothing with the Postgres stores", async () => {
    const lines = await warnings([
      rateLimits({ store: postgresRateLimitStore({ url: postgres.url }) }),
      idempotencyKeys({ store: postgresIdempotencyStore({ url: postgres.url }) }),
    ]);
    expect(lines).toEqual([]);
  });
});
