/** One request counted: where its key stands in the current window. */
export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the current window ends and the count starts again from 0. */
  readonly resetMs: number;
}

/**
 * Where rate limit counters live. One call per request: count it against `key` in a fixed window
 * of `windowMs` that starts with the key's first request, atomically (two instances sharing a
 * store never both see the same count). The in-memory default is `memoryRateLimitStore()`;
 * `redisRateLimitStore()` (`@trellis/store-redis`) shares counters between instances.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): RateLimitHit | Promise<RateLimitHit>;
  /** Releases what the store holds (connections); called by `app.close()`. */
  close?(): void | Promise<void>;
}
