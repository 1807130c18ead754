import { type AppOptions, createApp } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
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
  const logged: unknown[][] = [];
  const { health, ...rest } = options;
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers,
    logger: { error: (...args) => logged.push(args) },
    ...(health === undefined ? {} : { plugins: [healthChecks(health === true ? {} : health)] }),
    ...rest,
  });
  return Object.assign(app, { logged });
}

/** Sends a request through `app.fetch` in-process. */
export function send(
  app: { fetch(request: Request): Response | Promise<Response> },
  method: string,
  path: string,
): Promise<Response> {
  return Promise.resolve(app.fetch(new Request(`http://test.local${path}`, { method })));
}
