import type { AppOptions } from "@trellis/core";
import { appUnderTest } from "@trellis/testing";
import { idempotencyKeys } from "../idempotency-keys.js";
import type { IdempotencyAppOptions } from "../idempotency-options.js";

export { expectConfigError, type Json, send } from "@trellis/testing";

/**
 * An app on the test adapter whose logger records into `logged`; `idempotency` given, the app
 * lists `idempotencyKeys(idempotency)` in its plugins (else the decorators install the defaults).
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { idempotency?: IdempotencyAppOptions } = {},
) {
  const { idempotency, ...rest } = options;
  return appUnderTest(controllers, {
    ...(idempotency === undefined ? {} : { plugins: [idempotencyKeys(idempotency)] }),
    ...rest,
  });
}
