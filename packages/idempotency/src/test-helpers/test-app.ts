import { type AppOptions, createApp, TrellisConfigError } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { expect } from "vitest";
import { idempotencyKeys } from "../idempotency-keys.js";
import type { IdempotencyAppOptions } from "../idempotency-options.js";

/** A parsed JSON response body, loosely typed for assertions. */
export type Json = any;

/**
 * An app on the test adapter whose logger records into `logged`; `idempotency` given, the app
 * lists `idempotencyKeys(idempotency)` in its features (else the decorators install the defaults).
 */
export function testApp(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> & { idempotency?: IdempotencyAppOptions } = {},
) {
  const logged: unknown[][] = [];
  const { idempotency, ...rest } = options;
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers,
    logger: { error: (...args) => logged.push(args) },
    ...(idempotency === undefined ? {} : { features: [idempotencyKeys(idempotency)] }),
    ...rest,
  });
  return Object.assign(app, { logged });
}

/** Sends a request through `app.fetch` in-process; `json` is sent as an application/json body. */
export function send(
  app: { fetch(request: Request): Response | Promise<Response> },
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  let body: string | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
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
