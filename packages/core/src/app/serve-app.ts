import { checkDuration } from "../errors/check-duration.js";
import { configError } from "../errors/core-config-error.js";
import { defaultGraceMs } from "./app-lifecycle.js";
import { closingHandlers } from "./closing-handlers.js";

/** The default `drainMs` of `serve`, after SIGTERM. */
const defaultDrainMs = 1_000;

import type { App } from "./app.js";
import { type RunningServer, runtimeOf } from "./app-runtime.js";

/** The options of `serve`: `Bun.serve`'s own (but `routes` and `fetch`), and how to stop. */
export interface ServeOptions {
  /** The port (default `$PORT`, else 3000; 0 picks a free one). */
  readonly port?: number | string;
  readonly hostname?: string;
  /** Share the port with other processes (Linux spreads connections across them). */
  readonly reusePort?: boolean;
  /** Seconds a connection may stay silent (Bun's default 10; never 0). */
  readonly idleTimeout?: number;
  /** Milliseconds in-flight requests get after a stop signal (default 10 000). */
  readonly graceMs?: number;
  /**
   * Milliseconds the server keeps serving after SIGTERM while readiness answers 503, every answer
   * closing its connection, before it stops listening (default 1 000: long enough for busy
   * kept-alive clients to be told to move on). Set it to a little more than your balancer's
   * health-check interval. SIGINT (a person at a terminal) never waits for it.
   */
  readonly drainMs?: number;
  /** The signals that close the app gracefully (default SIGTERM and SIGINT); `false`: none. */
  readonly signals?: readonly NodeJS.Signals[] | false;
  /** Exit the process once closed (0), or when startup fails (1). Default true. */
  readonly exit?: boolean;
  /** Any other `Bun.serve` option (`tls`, `maxRequestBodySize`, `development`, ...). */
  readonly [option: string]: unknown;
}

/**
 * Serves an app with `Bun.serve` and the defaults a deployment wants: on SIGTERM or SIGINT the
 * app closes gracefully (readiness fails first, the server keeps answering for `drainMs` after
 * SIGTERM with every answer closing its connection, in-flight requests finish within `graceMs`,
 * then `onShutdown` hooks run) and the process exits; a second signal exits at once. Requests that
 * arrive before `app.ready` are answered 503 with `Retry-After`; a failed startup exits with 1.
 *
 * @example
 * const app = createApp({ schema: classValidator(), controllers: [UserController] });
 * serve(app, { port: 3000 });
 */
export function serve(app: App, options: ServeOptions = {}): RunningServer {
  const {
    graceMs = defaultGraceMs,
    drainMs = defaultDrainMs,
    signals = ["SIGTERM", "SIGINT"],
    exit = true,
    ...rest
  } = options;
  // Checked now, not when a signal comes: a bad value must stop the deployment, not its shutdown.
  checkDuration(graceMs, "serve: graceMs", { zero: true });
  checkDuration(drainMs, "serve: drainMs", { zero: true });
  // Bun's largest idle timeout; 0 would keep silent connections forever.
  if (rest.idleTimeout !== undefined) {
    checkDuration(rest.idleTimeout, "serve: idleTimeout", { unit: "seconds", max: 255 });
  }
  const runtime = runtimeOf(app.state);
  if (runtime === undefined) {
    throw configError("NOT_AN_APP", []);
  }
  const server = Bun.serve({
    port: process.env.PORT ?? 3000,
    ...rest,
    routes: app.routes,
    fetch: app.fetch,
    websocket: app.websocket,
  } as Parameters<typeof Bun.serve>[0]) as unknown as RunningServer;
  runtime.servers.add(server);
  runtime.drainers.add(() => {
    const closing = closingHandlers(app.routes, app.fetch);
    (server as unknown as { reload(options: object): void }).reload({
      routes: closing.routes,
      fetch: closing.fetch,
      websocket: app.websocket,
    });
  });

  app.ready.catch((error: unknown) => {
    runtime.logger.error("Startup failed:", error);
    runtime.servers.delete(server);
    void server.stop(true);
    if (exit) process.exit(1);
  });

  if (signals !== false) {
    let received = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (received) {
        // A second signal: the operator wants out now.
        if (exit) process.exit(1);
        return;
      }
      received = true;
      app.close({ graceMs, drainMs: signal === "SIGTERM" ? drainMs : 0 }).then(
        () => {
          if (exit) process.exit(0);
        },
        (error: unknown) => {
          runtime.logger.error(`Closing after ${signal} failed:`, error);
          if (exit) process.exit(1);
        },
      );
    };
    for (const signal of signals) process.on(signal, onSignal);
  }
  return server;
}
