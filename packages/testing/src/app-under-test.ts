import { type App, type AppOptions, createApp, TrellisConfigError } from "@trellis/core";
import { expect } from "vitest";
import { jsonSchemaAdapter } from "./json-schema-adapter.js";

// What the feature packages' tests share: an app on the test adapter that records its error log,
// a request sent through `app.fetch`, and the check of a startup error's code and message.

/** A parsed JSON response body, loosely typed for assertions. */
export type Json = any;

/** An app on the test adapter whose logger records each error line into `logged`. */
export function appUnderTest(
  controllers: AppOptions["controllers"],
  options: Partial<AppOptions> = {},
): App & { logged: unknown[][] } {
  const logged: unknown[][] = [];
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers,
    logger: { error: (...args) => logged.push(args) },
    ...options,
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
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  if (body !== undefined && !headers.has("content-type")) {
    headers.set("content-type", "application/json");
  }
  return Promise.resolve(
    app.fetch(new Request(`http://test.local${path}`, { method, headers, body })),
  );
}

/** Asserts that `run` throws a TrellisConfigError with `code` and a message containing `parts`. */
export function expectConfigError(run: () => unknown, code: string, ...parts: string[]): void {
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
