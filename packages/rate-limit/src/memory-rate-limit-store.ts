import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

/** The options of `memoryRateLimitStore`. */
export interface MemoryRateLimitStoreOptions {
  /** The clock, in milliseconds (default `Date.now`): tests pass their own. */
  readonly now?: () => number;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

/**
 * Rate limit counters in this process (the default): fixed windows in a `Map`, answered
 * synchronously. Ended windows are swept at most once per second of the clock, so keys that stop
 * coming do not pile up. Each instance counts alone: use `redisRateLimitStore()` for several.
 */
export function memoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let nextSweep = 0;
  const sweep = (at: number) => {
    nextSweep = at + 1000;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  return {
    hit(key: string, windowMs: number): RateLimitHit {
      const at = now();
      if (at >= nextSweep) sweep(at);
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetMs: window.endsAt - at };
    },
  };
}
