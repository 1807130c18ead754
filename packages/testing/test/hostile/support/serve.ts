import type { App } from "@trellis/core";
import type { Server } from "bun";

/** What `Bun.serve` takes from a Trellis app. */
export type Servable = Pick<App, "routes" | "fetch">;

/** An app served by a real `Bun.serve` on a free port of 127.0.0.1. */
export interface Served {
  readonly server: Server<undefined>;
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `fetch` of a path of this server. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Resolves once no request is in flight: every handler has finished, those of clients that
   * vanished included (what they log is logged by then). Bounded by the test's timeout only.
   */
  settled(): Promise<void>;
  /** Stops the server, cutting open connections. */
  stop(): Promise<void>;
}

/** Serves `app` exactly as the example does (`routes` plus `fetch`), with optional server settings. */
export function serve(app: Servable, settings: { idleTimeout?: number } = {}): Served {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    ...settings,
    routes: app.routes,
    fetch: app.fetch,
  });
  const port = server.port as number;
  const origin = `http://127.0.0.1:${port}`;
  return {
    server,
    port,
    origin,
    request: (path, init) => fetch(`${origin}${path}`, { ...init, keepalive: false }),
    settled: async () => {
      while (server.pendingRequests > 0) await Bun.sleep(5);
    },
    stop: () => server.stop(true),
  };
}
