// Public API of @trellis/store-redis. Explicit named exports only.

export type { RedisApiKeyStoreOptions } from "./redis-api-key-store.js";
export { redisApiKeyStore } from "./redis-api-key-store.js";
export type { RedisStore, RedisStoreOptions } from "./redis-connection.js";
export { redisIdempotencyStore } from "./redis-idempotency-store.js";
export { redisRateLimitStore } from "./redis-rate-limit-store.js";
export type { RedisSentinelOptions } from "./redis-sentinel.js";
