import { methodTarget } from "../metadata/decorator-target.js";
import { type IdempotentOptions, idempotencySetting } from "../operation/idempotency-policy.js";

/**
 * Makes a POST or PATCH route safe to retry (IETF draft-ietf-httpapi-idempotency-key-header): a
 * request carries `Idempotency-Key`; the first one with a key runs and its response (status,
 * headers, body) is kept for `ttl` seconds; a retry with the same key and payload gets that
 * response again (`Idempotent-Replayed: true`), the same key with another payload is 422, and a
 * retry while the first still runs is 409. A request without the key is 400 unless
 * `required: false`. On a class it covers the class's POST and PATCH routes; the method's wins.
 * Keys are kept in `idempotency.store` (in memory by default; `@trellis/store-redis` for several
 * instances).
 *
 * @example
 * @Post("/payments")
 * @Idempotent()
 * pay(@Body(Payment) payment: Payment) { ... }
 */
export function Idempotent(options: IdempotentOptions = {}): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      idempotencySetting.onClass(target as Function, options);
      return;
    }
    const metadata = methodTarget("@Idempotent", target, key);
    if (metadata) idempotencySetting.onMethod(metadata, options);
  }) as ClassDecorator & MethodDecorator;
}
