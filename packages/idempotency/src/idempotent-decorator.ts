import { idempotentKey } from "./idempotency-keys.js";
import type { IdempotentOptions } from "./idempotency-policy.js";

/**
 * Makes a POST or PATCH route safe to retry (IETF draft-ietf-httpapi-idempotency-key-header): a
 * request carries `Idempotency-Key`; the first one with a key runs and its response (status,
 * headers, body) is kept for `ttl` seconds; a retry with the same key and payload gets that
 * response again (`Idempotent-Replayed: true`), the same key with another payload is 422, and a
 * retry while the first still runs is 409. A request without the key is 400 unless
 * `required: false`. On a class it covers the class's POST and PATCH routes; the method's wins,
 * and `@Idempotent(false)` exempts a route. Keys are kept in the store of `idempotencyKeys()` (in
 * memory by default; `@trellis/store-redis` for several instances).
 *
 * @example
 * @Post("/payments")
 * @Idempotent()
 * pay(@Body(Payment) payment: Payment) { ... }
 */
export function Idempotent(
  options: IdempotentOptions | false = {},
): ClassDecorator & MethodDecorator {
  return idempotentKey.record(options);
}
