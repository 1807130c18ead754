import { moveAppState } from "../di/built-in-tokens.js";
import type { Container } from "../di/container.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { AppRuntime, RunningServer } from "./app-runtime.js";

/** The options of `app.close`. */
export interface CloseOptions {
  /**
   * Milliseconds in-flight requests get to finish before their connections are cut (default
   * 10 000). Startup still under way is waited for within the same time.
   */
  readonly graceMs?: number;
}

/** The default `graceMs` of `app.close`. */
export const defaultGraceMs = 10_000;

/** Stops listening, lets in-flight requests finish, and cuts what is left after `graceMs`. */
async function drain(server: RunningServer, graceMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => resolve(server.stop(true) ?? undefined), graceMs);
  });
  try {
    await Promise.race([server.stop(false), cut]);
  } finally {
    clearTimeout(timer);
  }
}

const within = (promise: Promise<unknown>, milliseconds: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });

/**
 * Makes an app's `close`: readiness flips to "closing" first (so health checks fail while
 * requests finish), the servers `serve` started stop accepting connections and drain, then every
 * `onShutdown()` runs in reverse order of creation. Calling it again returns the same promise.
 */
export function closer(
  container: Container,
  runtime: AppRuntime,
  ready: Promise<void>,
): (options?: CloseOptions) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (options = {}) => {
    const graceMs = options.graceMs ?? defaultGraceMs;
    if (!Number.isFinite(graceMs) || graceMs < 0) {
      return Promise.reject(
        new TrellisConfigError(
          "INVALID_OPTION",
          `app.close: graceMs ${String(graceMs)} is not a number of milliseconds >= 0.`,
        ),
      );
    }
    closing ??= (async () => {
      const started = Date.now();
      moveAppState(container.state, "closing");
      runtime.sockets?.closeAll();
      await within(ready, graceMs);
      const left = Math.max(0, graceMs - (Date.now() - started));
      const draining = [...runtime.servers].map((server) => drain(server, left));
      // Event streams never finish by themselves: ended now, their clients reconnect elsewhere.
      for (const end of runtime.streams) end();
      await Promise.all(draining);
      runtime.servers.clear();
      await container.runShutdown(runtime.logger);
      moveAppState(container.state, "closed");
    })();
    return closing;
  };
}
