import type { AppOptions } from "@trellis/core";
import { appUnderTest } from "@trellis/testing";
import type { RateLimitAppOptions } from "../rate-limit-options.js";
import { rateLimits } from "../rate-limits.js";

export { expectConfigError, send } from "@trellis/testing";

/**
 * An app on the test adapter whose logger records into `logged`; `rateLimit` given, the app
 * lists `rateLimits(rateLimit)` in its plugins (else the decorators install the defaults).
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { rateLimit?: RateLimitAppOptions } = {},
) {
  const { rateLimit, ...rest } = options;
  return appUnderTest(controllers, {
    ...(rateLimit === undefined ? {} : { plugins: [rateLimits(rateLimit)] }),
    ...rest,
  });
}
