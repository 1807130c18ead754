import type { AppOptions } from "@trellis/core";
import { redisIdempotencyStore, redisRateLimitStore } from "@trellis/store-redis";

/**
 * Where the example keeps rate limit counters and idempotency keys: in Redis when `REDIS_URL` is
 * set, so every instance shares them (a retry that reaches another instance is still replayed,
 * and a client's budget is one across instances); else in this process (the default stores).
 * Behind `trustedProxyHops` proxies, a client's address is read from `X-Forwarded-For`.
 */
export function httpStores(
  redisUrl: string | undefined,
  trustedProxyHops?: number,
): Pick<AppOptions, "rateLimit" | "idempotency"> {
  const clientAddress =
    trustedProxyHops === undefined
      ? {}
      : { clientAddress: { header: "x-forwarded-for", hops: trustedProxyHops } };
  if (!redisUrl) return trustedProxyHops === undefined ? {} : { rateLimit: clientAddress };
  return {
    rateLimit: { store: redisRateLimitStore({ url: redisUrl }), ...clientAddress },
    idempotency: { store: redisIdempotencyStore({ url: redisUrl }) },
  };
}
