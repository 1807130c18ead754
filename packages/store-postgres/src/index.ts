// Public API of @trellis/store-postgres. Explicit named exports only.

export type { PostgresApiKeyStoreOptions } from "./postgres-api-key-store.js";
export { postgresApiKeyStore } from "./postgres-api-key-store.js";
export type { PostgresStore, PostgresStoreOptions } from "./postgres-connection.js";
export { postgresIdempotencyStore } from "./postgres-idempotency-store.js";
export { postgresRateLimitStore } from "./postgres-rate-limit-store.js";
