import { describe, expect, it } from "vitest";
import { memoryRateLimitStore } from "./memory-rate-limit-store.js";
import { limitField, policyField } from "./rate-limit-fields.js";
import type { RateLimitHit } from "./rate-limit-store.js";

describe("RateLimit fields", () => {
  it("are structured-field items with a String name and Integer parameters", () => {
    expect(policyField("default", 100, 60)).toBe('"default";q=100;w=60');
    expect(limitField('say "hi" \\', 3, 12)).toBe('"say \\"hi\\" \\\\";r=3;t=12');
  });
});

describe("memoryRateLimitStore", () => {
  it("counts in fixed windows and sweeps ended ones", () => {
    let now = 0;
    const store = memoryRateLimitStore({ now: () => now });
    expect(store.hit("a", 1000)).toEqual({ count: 1, resetMs: 1000 });
    now = 400;
    expect(store.hit("a", 1000)).toEqual({ count: 2, resetMs: 600 });
    now = 1000;
    expect(store.hit("a", 1000)).toEqual({ count: 1, resetMs: 1000 });
    for (let index = 0; index < 100; index++) store.hit(`k${index}`, 10);
    now = 5000;
    // The sweep ran: a swept key starts again at 1.
    expect(store.hit("k1", 10)).toEqual({ count: 1, resetMs: 10 });
  });

  it("keeps at most maxEntries keys, the oldest out first", () => {
    const memory = memoryRateLimitStore({ maxEntries: 1000 });
    // The memory store answers at once.
    const store = { hit: (key: string, ms: number) => memory.hit(key, ms) as RateLimitHit };
    for (let index = 0; index < 30_000; index++) store.hit(`k${index}`, 60_000);
    // The newest 1,000 are still counted; hitting them adds no key.
    const kept = Array.from({ length: 1000 }, (_, index) =>
      store.hit(`k${29_000 + index}`, 60_000),
    );
    expect(kept.every((hit) => hit.count === 2)).toBe(true);
    // One more went: the key just before them starts again.
    expect(store.hit("k28999", 60_000).count).toBe(1);
    expect(store.hit("k0", 60_000).count).toBe(1);
  });

  it("refuses a maxEntries that is not a whole number from 1", () => {
    for (const maxEntries of [0, -1, 1.5, Number.NaN]) {
      expect(() => memoryRateLimitStore({ maxEntries })).toThrow(/maxEntries/);
    }
  });
});
