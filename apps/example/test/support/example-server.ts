import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExampleConfig } from "../../src/config.js";
import { type ExampleServer, startExampleServer } from "../../src/server.js";

/** A running example on a free port of 127.0.0.1, and how to talk to it. */
export interface RunningExample extends ExampleServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseUrl: string;
  /** Fetches a path of the example. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Sends `body` as JSON (`POST` unless `init.method` says otherwise). */
  sendJson(path: string, body: unknown, init?: RequestInit): Promise<Response>;
}

/** The event-loop delay limit of examples the tests start (see `startExample`). */
export const testEventLoopDelayLimit = 60_000;

/** Starts the example under a real `Bun.serve({ port: 0 })`; stop it in `afterAll`. */
export function startExample(
  databasePath = ":memory:",
  config: Partial<ExampleConfig> = {},
): RunningExample {
  const running = startExampleServer({
    port: 0,
    hostname: "127.0.0.1",
    databasePath,
    reusePort: false,
    // The server runs in the test's own process, beside the test's work, on a machine that may be
    // busy: readiness must not turn 503 because the machine, not the app, ran a second late.
    maxEventLoopDelayMs: testEventLoopDelayLimit,
    ...config,
  });
  const baseUrl = `http://127.0.0.1:${running.server.port}`;
  const request = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);
  return {
    ...running,
    baseUrl,
    request,
    sendJson: (path, body, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
      return request(path, { method: "POST", ...init, headers, body: JSON.stringify(body) });
    },
  };
}

/** A fresh temporary folder; `remove()` deletes it. */
export function tempFolder(prefix = "trellis-example-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
