import type { AppOptions } from "@trellis/core";
import { idempotencyKeys } from "@trellis/idempotency";
import { type RateLimitStore, rateLimits } from "@trellis/rate-limit";
import { redisIdempotencyStore, redisRateLimitStore } from "@trellis/store-redis";

/** Where the example's rate limits and idempotency keys live, and how clients are told apart. */
export interface HttpStoreSettings {
  readonly redisUrl?: string | undefined;
  /** Proxies of yours appending to `X-Forwarded-For`: rate limits count the address they saw. */
  readonly trustedProxyHops?: number | undefined;
  /** The rate limit counters to use instead (a suite that floods a route brings its own). */
  readonly rateLimitStore?: RateLimitStore | undefined;
}

/**
 * Where the example keeps rate limit counters and idempotency keys: in Redis when `redisUrl` is
 * set, so every instance shares them (a retry that reaches another instance is still replayed,
 * and a client's budget is one across instances); else in this process (the default stores).
 * Behind `trustedProxyHops` proxies, a client's address is read from `X-Forwarded-For`.
 */
export function httpStores({
  redisUrl,
  trustedProxyHops,
  rateLimitStore,
}: HttpStoreSettings): Pick<AppOptions, "features"> {
  const store = rateLimitStore ?? (redisUrl ? redisRateLimitStore({ url: redisUrl }) : undefined);
  const rateLimit = {
    ...(store === undefined ? {} : { store }),
    ...(trustedProxyHops === undefined
      ? {}
      : { clientAddress: { header: "x-forwarded-for", hops: trustedProxyHops } }),
  };
  return {
    features: [
      rateLimits(rateLimit),
      idempotencyKeys(redisUrl ? { store: redisIdempotencyStore({ url: redisUrl }) } : {}),
    ],
  };
}
