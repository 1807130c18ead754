import { type AppOptions, createApp, TrellisConfigError } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { expect } from "vitest";
import type { ConditionalAppOptions } from "../conditional-policy.js";
import { conditionalRequests } from "../conditional-requests.js";

/** A parsed JSON response body, loosely typed for assertions. */
export type Json = any;

/**
 * An app on the test adapter whose logger records into `logged`; `conditional` given, the app
 * lists `conditionalRequests(conditional)` in its features (else `@Conditional` installs the
 * defaults). Routes here declare no 2xx `@Returns` on purpose: no warning about it.
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { conditional?: ConditionalAppOptions } = {},
) {
  const logged: unknown[][] = [];
  const { conditional, ...rest } = options;
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers,
    logger: { error: (...args) => logged.push(args) },
    ...(conditional === undefined ? {} : { features: [conditionalRequests(conditional)] }),
    ...rest,
    openapi: { undeclaredResponses: "off", ...rest.openapi },
  });
  return Object.assign(app, { logged });
}

/** Sends a request through `app.fetch` in-process. */
export function send(
  app: { fetch(request: Request): Response | Promise<Response> },
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  if (body !== undefined && !headers.has("content-type")) {
    headers.set("content-type", "application/json");
  }
  return Promise.resolve(
    app.fetch(new Request(`http://test.local${path}`, { method, headers, body })),
  );
}

/** Asserts that `run` throws a TrellisConfigError with `code` and a message containing `parts`. */
export function expectConfigError(run: () => unknown, code: string, ...parts: string[]) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected ${code}`).toBeInstanceOf(TrellisConfigError);
  expect((thrown as TrellisConfigError).code).toBe(code);
  for (const part of parts) expect((thrown as Error).message).toContain(part);
}
