import type { AppOptions } from "@trellis/core";
import { appUnderTest } from "@trellis/testing";

export { send } from "@trellis/testing";

import { healthChecks } from "../health-checks.js";
import type { HealthOptions } from "../health-options.js";

/**
 * An app on the test adapter whose logger records into `logged`; `health` given, the app lists
 * `healthChecks(health)` in its plugins (`true`: with no options).
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { health?: true | HealthOptions } = {},
) {
  const { health, ...rest } = options;
  return appUnderTest(controllers, {
    ...(health === undefined ? {} : { plugins: [healthChecks(health === true ? {} : health)] }),
    ...rest,
  });
}
