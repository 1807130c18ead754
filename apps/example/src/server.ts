import { type RunningServer, serve } from "@trellis/core";
import { createExampleApp } from "./app.js";
import type { ExampleConfig } from "./config.js";

/** A running example server. */
export interface ExampleServer {
  readonly server: RunningServer;
  /** Where the users API and the docs are served. */
  readonly urls: { readonly users: string; readonly docs: string };
  /** Resolves once the app serves (on Postgres: after its migrations); rejects if it cannot. */
  readonly ready: Promise<void>;
  /**
   * Closes the app: readiness fails at once, in-flight requests finish (cut after `graceMs`),
   * then the database closes. Idempotent.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the example with `serve` (Bun.serve underneath). With `signals`, SIGTERM and SIGINT
 * close it gracefully and end the process, as `bun src/main.ts` does; tests leave them off.
 *
 * @example
 * const { urls, stop } = startExampleServer({ port: 0, hostname: undefined, databasePath: ":memory:" });
 */
export function startExampleServer(
  config: ExampleConfig,
  { signals = false }: { readonly signals?: boolean } = {},
): ExampleServer {
  const app = createExampleApp({
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    databaseListenUrl: config.databaseListenUrl,
    redisUrl: config.redisUrl,
    trustedProxyHops: config.trustedProxyHops,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    auth: config.auth,
  });
  let server: RunningServer;
  try {
    server = serve(app, {
      port: config.port,
      ...(config.hostname ? { hostname: config.hostname } : {}),
      ...(config.reusePort ? { reusePort: true } : {}),
      ...(config.drainMs !== undefined ? { drainMs: config.drainMs } : {}),
      ...(signals ? {} : { signals: false, exit: false }),
    });
  } catch (error) {
    void app.close(); // e.g. the port is taken: do not leave the database open
    throw error;
  }
  return {
    server,
    urls: {
      users: new URL("/users", server.url).href,
      docs: new URL("/docs", server.url).href,
    },
    ready: app.ready,
    stop: (graceMs = 10_000) => app.close({ graceMs }),
  };
}
