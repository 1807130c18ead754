import type { Plugin } from "@trellis/core";
import { type IdempotencyStore, idempotencyKeys } from "@trellis/idempotency";
import { type RateLimitStore, rateLimits } from "@trellis/rate-limit";
import { postgresIdempotencyStore, postgresRateLimitStore } from "@trellis/store-postgres";
import { redisIdempotencyStore, redisRateLimitStore } from "@trellis/store-redis";

/** Where the example's rate limits and idempotency keys live, and how clients are told apart. */
export interface HttpStoreSettings {
  readonly redisUrl?: string | undefined;
  /** The Postgres every instance shares: the stores go there when there is no Redis. */
  readonly databaseUrl?: string | undefined;
  /** Proxies of yours appending to `X-Forwarded-For`: rate limits count the address they saw. */
  readonly trustedProxyHops?: number | undefined;
  /** The rate limit counters to use instead (a suite that floods a route brings its own). */
  readonly rateLimitStore?: RateLimitStore | undefined;
}

/** Where the shared stores live: Redis when `redisUrl` is set, else Postgres given `databaseUrl`. */
export type HttpStoreEngine =
  | { readonly kind: "redis"; readonly url: string }
  | { readonly kind: "postgres"; readonly url: string }
  | { readonly kind: "in-process" };

/**
 * Redis keeps precedence (it also carries the events then); the Postgres every instance already
 * shares comes next; with neither, this process alone.
 *
 * @example
 * chooseHttpStores({ databaseUrl: "postgres://db/app" }); // { kind: "postgres", url: ... }
 */
export function chooseHttpStores({
  redisUrl,
  databaseUrl,
}: Pick<HttpStoreSettings, "redisUrl" | "databaseUrl">): HttpStoreEngine {
  if (redisUrl) return { kind: "redis", url: redisUrl };
  if (databaseUrl) return { kind: "postgres", url: databaseUrl };
  return { kind: "in-process" };
}

// Each Postgres store opens its own small pool (2 connections), closed with the app; its
// statements are unnamed, so PgBouncer in transaction mode works too (docs/scale-out.md).
const rateLimitStoreOn = (engine: HttpStoreEngine): RateLimitStore | undefined =>
  engine.kind === "redis"
    ? redisRateLimitStore({ url: engine.url })
    : engine.kind === "postgres"
      ? postgresRateLimitStore({ url: engine.url })
      : undefined;

const idempotencyStoreOn = (engine: HttpStoreEngine): IdempotencyStore | undefined =>
  engine.kind === "redis"
    ? redisIdempotencyStore({ url: engine.url })
    : engine.kind === "postgres"
      ? postgresIdempotencyStore({ url: engine.url })
      : undefined;

/**
 * The route features that keep state, and where the example keeps rate limit counters and idempotency keys: in Redis when `redisUrl` is
 * set, else in the Postgres of `databaseUrl`, so every instance shares them (a retry that reaches
 * another instance is still replayed, and a client's budget is one across instances); else in
 * this process (the default stores). Behind `trustedProxyHops` proxies, a client's address is
 * read from `X-Forwarded-For`.
 */
export function httpStores({
  redisUrl,
  databaseUrl,
  trustedProxyHops,
  rateLimitStore,
}: HttpStoreSettings): readonly Plugin[] {
  const engine = chooseHttpStores({ redisUrl, databaseUrl });
  const store = rateLimitStore ?? rateLimitStoreOn(engine);
  const idempotency = idempotencyStoreOn(engine);
  const rateLimit = {
    ...(store === undefined ? {} : { store }),
    ...(trustedProxyHops === undefined
      ? {}
      : { clientAddress: { header: "x-forwarded-for", hops: trustedProxyHops } }),
  };
  return [
    rateLimits(rateLimit),
    idempotencyKeys(idempotency === undefined ? {} : { store: idempotency }),
  ];
}
