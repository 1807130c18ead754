// Public API of @trellis/idempotency. Explicit named exports only.

export { idempotencyKeys, idempotentKey } from "./idempotency-keys.js";
export type { IdempotencyAppOptions } from "./idempotency-options.js";
export type {
  IdempotencyPlan,
  IdempotencyPolicy,
  IdempotentOptions,
} from "./idempotency-policy.js";
export { idempotencyProblemTypes } from "./idempotency-problems.js";
export type {
  IdempotencyClaim,
  IdempotencyEntry,
  IdempotencyStore,
  StoredResponse,
} from "./idempotency-store.js";
export { Idempotent } from "./idempotent-decorator.js";
export type { MemoryIdempotencyStoreOptions } from "./memory-idempotency-store.js";
export { memoryIdempotencyStore } from "./memory-idempotency-store.js";
