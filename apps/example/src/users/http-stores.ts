import type { AppOptions } from "@trellis/core";
import { redisIdempotencyStore, redisRateLimitStore } from "@trellis/store-redis";

/**
 * Where the example keeps rate limit counters and idempotency keys: in Redis when `REDIS_URL` is
 * set, so every instance shares them (a retry that reaches another instance is still replayed,
 * and a client's budget is one across instances); else in this process (the default stores).
 */
export function httpStores(
  redisUrl: string | undefined,
): Pick<AppOptions, "rateLimit" | "idempotency"> {
  if (!redisUrl) return {};
  return {
    rateLimit: { store: redisRateLimitStore({ url: redisUrl }) },
    idempotency: { store: redisIdempotencyStore({ url: redisUrl }) },
  };
}
