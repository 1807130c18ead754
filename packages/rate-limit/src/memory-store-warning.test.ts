import { Controller, createApp, Get, Returns, Route } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { afterEach, describe, expect, it } from "vitest";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { RateLimit } from "./rate-limit-decorator.js";
import { rateLimits } from "./rate-limits.js";

@Route("/")
class TwoRoutes extends Controller {
  @Get("a")
  @RateLimit({ limit: 5, window: 60 })
  @Returns(200, undefined, "ok")
  a() {
    return "a";
  }

  @Get("b")
  @RateLimit({ limit: 5, window: 60 })
  @Returns(200, undefined, "ok")
  b() {
    return "b";
  }
}

const environment = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = environment;
});

/** The warnings of one app built with `features`. */
function warnings(features?: unknown[]): string[] {
  const lines: string[] = [];
  createApp({
    schema: jsonSchemaAdapter(),
    controllers: [TwoRoutes],
    logger: { error: () => {}, warn: (message: string) => lines.push(message) },
    ...(features === undefined ? {} : { plugins: features as never }),
  });
  return lines.filter((line) => line.startsWith("rate-limit:"));
}

describe("the memory store warning", () => {
  it("warns once in production, naming the feature and the stores to use", () => {
    process.env.NODE_ENV = "production";
    for (const features of [
      undefined,
      [rateLimits()],
      [rateLimits({ store: memoryRateLimitStore() })],
    ]) {
      const lines = warnings(features);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("NODE_ENV is production");
      expect(lines[0]).toContain("@trellis/store-postgres");
      expect(lines[0]).toContain("@trellis/store-redis");
    }
  });

  it("says nothing for one process in development, or with a shared store", () => {
    process.env.NODE_ENV = "development";
    expect(warnings()).toEqual([]);
    process.env.NODE_ENV = "production";
    const shared = { hit: () => ({ count: 1, resetMs: 1000 }) };
    expect(warnings([rateLimits({ store: shared })])).toEqual([]);
  });
});
