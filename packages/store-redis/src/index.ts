// Public API of @trellis/store-redis. Explicit named exports only.

export type { RedisStore, RedisStoreOptions } from "./redis-connection.js";
export { redisIdempotencyStore } from "./redis-idempotency-store.js";
export { redisRateLimitStore } from "./redis-rate-limit-store.js";
export type { RedisSentinelOptions } from "./redis-sentinel.js";
