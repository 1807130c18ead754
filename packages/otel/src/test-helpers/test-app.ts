import { type App, type AppOptions, createApp, TrellisConfigError } from "@trellis/core";
import { jsonSchemaAdapter } from "@trellis/testing";
import { expect } from "vitest";

/** An app on the test adapter whose logger records into `logged` (unless `logger` is given). */
export function testApp(
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

/** Sends a request through `app.fetch` in-process. */
export function send(
  app: { fetch(request: Request): Response | Promise<Response> },
  method: string,
  path: string,
  init: { headers?: Record<string, string> } = {},
): Promise<Response> {
  return Promise.resolve(
    app.fetch(new Request(`http://test.local${path}`, { method, headers: init.headers ?? {} })),
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
