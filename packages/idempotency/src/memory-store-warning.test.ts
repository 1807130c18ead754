import { Body, Controller, createApp, Post, Returns, Route } from "@trellis/core";
import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { afterEach, describe, expect, it } from "vitest";
import { idempotencyKeys } from "./idempotency-keys.js";
import { Idempotent } from "./idempotent-decorator.js";
import { memoryIdempotencyStore } from "./memory-idempotency-store.js";

const Item = schema({ type: "object", properties: { name: { type: "string" } } }, "Item");

@Route("/")
class TwoRoutes extends Controller {
  @Post("a")
  @Idempotent()
  @Returns(201, Item)
  a(@Body(Item) item: object) {
    return item;
  }

  @Post("b")
  @Idempotent()
  @Returns(201, Item)
  b(@Body(Item) item: object) {
    return item;
  }
}

const environment = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = environment;
});

function warnings(features?: unknown[]): string[] {
  const lines: string[] = [];
  createApp({
    schema: jsonSchemaAdapter(),
    controllers: [TwoRoutes],
    logger: { error: () => {}, warn: (message: string) => lines.push(message) },
    ...(features === undefined ? {} : { plugins: features as never }),
  });
  return lines.filter((line) => line.startsWith("idempotency:"));
}

describe("the memory store warning", () => {
  it("warns once in production, naming the feature and the stores to use", () => {
    process.env.NODE_ENV = "production";
    const explicit = [idempotencyKeys({ store: memoryIdempotencyStore() })];
    for (const features of [undefined, [idempotencyKeys()], explicit]) {
      const lines = warnings(features);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("NODE_ENV is production");
      expect(lines[0]).toContain("postgresIdempotencyStore() from @trellis/store-postgres");
    }
  });

  it("says nothing for one process in development, or with a shared store", () => {
    process.env.NODE_ENV = "development";
    expect(warnings()).toEqual([]);
    process.env.NODE_ENV = "production";
    const shared = {
      claim: async () => undefined,
      complete: async () => {},
      release: async () => {},
    };
    expect(warnings([idempotencyKeys({ store: shared })])).toEqual([]);
  });
});
