import { jsonSchemaAdapter } from "@trellis/testing";
import type { AppOptions } from "../app/app-options.js";
import { type App, createApp } from "../app/create-app.js";

/** An app on the test adapter whose logger records into `logged`. */
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
  return { ...app, logged };
}

/** A parsed JSON response body, loosely typed for assertions. */
export type Json = any;

/** Sends a request through `app.fetch` in-process. */
export async function send(
  app: App,
  method: string,
  path: string,
  init: { body?: RequestInit["body"]; headers?: Record<string, string>; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return app.fetch(new Request(`http://test.local${path}`, { method, headers, body }));
}
