import type { Server } from "bun";
import { createExampleApp } from "./app.js";
import type { ExampleConfig } from "./config.js";

/** A running example server. */
export interface ExampleServer {
  readonly server: Server<undefined>;
  /** Where the users API and the docs are served. */
  readonly urls: { readonly users: string; readonly docs: string };
  /** Lets in-flight requests finish (up to `graceMs`), then closes the database. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the example under `Bun.serve`.
 *
 * @example
 * const { urls, stop } = startExampleServer({ port: 0, hostname: undefined, databasePath: ":memory:" });
 */
export function startExampleServer(config: ExampleConfig): ExampleServer {
  const app = createExampleApp({ databasePath: config.databasePath });
  let server: Server<undefined>;
  try {
    server = Bun.serve({
      port: config.port,
      ...(config.hostname ? { hostname: config.hostname } : {}),
      routes: app.routes,
      fetch: app.fetch,
    });
  } catch (error) {
    app.close(); // e.g. the port is taken: do not leave the database open
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 10_000): Promise<void> => {
    stopping ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      // Idle keep-alive connections can hold a graceful stop open: cut them after the grace time.
      const forced = new Promise<void>((resolve) => {
        timer = setTimeout(() => resolve(server.stop(true)), graceMs);
      });
      await Promise.race([server.stop(), forced]);
      clearTimeout(timer);
      app.close();
    })();
    return stopping;
  };

  return {
    server,
    urls: {
      users: new URL("/users", server.url).href,
      docs: new URL("/docs", server.url).href,
    },
    stop,
  };
}
