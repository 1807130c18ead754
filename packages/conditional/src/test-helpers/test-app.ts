import type { AppOptions } from "@trellis/core";
import { appUnderTest } from "@trellis/testing";
import type { ConditionalAppOptions } from "../conditional-policy.js";
import { conditionalRequests } from "../conditional-requests.js";

export { expectConfigError, type Json, send } from "@trellis/testing";

/**
 * An app on the test adapter whose logger records into `logged`; `conditional` given, the app
 * lists `conditionalRequests(conditional)` in its plugins (else `@Conditional` installs the
 * defaults). Routes here declare no 2xx `@Returns` on purpose: no warning about it.
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { conditional?: ConditionalAppOptions } = {},
) {
  const { conditional, ...rest } = options;
  return appUnderTest(controllers, {
    ...(conditional === undefined ? {} : { plugins: [conditionalRequests(conditional)] }),
    ...rest,
    openapi: { undeclaredResponses: "off", ...rest.openapi },
  });
}
