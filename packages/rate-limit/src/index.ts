// Public API of @trellis/rate-limit. Explicit named exports only.

export type { MemoryRateLimitStoreOptions } from "./memory-rate-limit-store.js";
export { memoryRateLimitStore } from "./memory-rate-limit-store.js";
export { RateLimit } from "./rate-limit-decorator.js";
export { quotaExceededType } from "./rate-limit-fields.js";
export type { RateLimitAppOptions } from "./rate-limit-options.js";
export type {
  OutagePolicy,
  RateLimitKey,
  RateLimitOptions,
  RateLimitPolicy,
} from "./rate-limit-policy.js";
export { type RateLimitPlan, storeUnavailableType } from "./rate-limit-stage.js";
export type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";
export { rateLimitKey, rateLimits } from "./rate-limits.js";
