import { rateLimitError } from "./rate-limit-errors.js";
import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

/** The options of `memoryRateLimitStore`. */
export interface MemoryRateLimitStoreOptions {
  /** The clock, in milliseconds (default `Date.now`): tests pass their own. */
  readonly now?: () => number;
  /**
   * The most keys counted at once (default 100 000, a few MB). At the bound the oldest window goes
   * first: its client starts a new budget, so a flood of fresh keys can cost others their count;
   * a shared store (`@trellis/store-redis`, `@trellis/store-postgres`) has no such bound.
   */
  readonly maxEntries?: number;
}

/** Checks a `maxEntries` option: a whole number from 1. */
function checkMaxEntries(value: unknown): number {
  if (value === undefined) return 100_000;
  if (!Number.isSafeInteger(value) || (value as number) < 1) {
    throw rateLimitError("INVALID_RATE_LIMIT", [
      "memoryRateLimitStore",
      "maxEntries must be a whole number from 1.",
    ]);
  }
  return value as number;
}

// The stores this package made: a feature warns when one serves what looks like several instances.
const memoryStores = new WeakSet<RateLimitStore>();

/** True for a store made by `memoryRateLimitStore()`. */
export const isMemoryRateLimitStore = (store: RateLimitStore): boolean => memoryStores.has(store);

interface Window {
  count: number;
  readonly endsAt: number;
}

/**
 * Rate limit counters in this process (the default): fixed windows in a `Map`, answered
 * synchronously. Ended windows are swept at most once per second of the clock, so keys that stop
 * coming do not pile up, and at most `maxEntries` are kept (oldest out first). Each instance counts
 * alone: use `redisRateLimitStore()` or `postgresRateLimitStore()` for several.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const max = checkMaxEntries(options.maxEntries);
  const windows = new Map<string, Window>();
  let nextSweep = 0;
  const sweep = (at: number) => {
    nextSweep = at + 1000;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  const store: RateLimitStore = {
    hit(key: string, windowMs: number): RateLimitHit {
      const at = now();
      if (at >= nextSweep) sweep(at);
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= at) {
        // A Map keeps insertion order: a new window goes last, the oldest is first out.
        windows.delete(key);
        if (windows.size >= max) windows.delete(windows.keys().next().value as string);
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetMs: window.endsAt - at };
    },
  };
  memoryStores.add(store);
  return store;
}
