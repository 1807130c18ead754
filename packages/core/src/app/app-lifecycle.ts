import { moveAppState } from "../di/built-in-tokens.js";
import type { Container } from "../di/container.js";
import { checkDuration } from "../errors/check-duration.js";
import type { AppRuntime, RunningServer } from "./app-runtime.js";

/** The options of `app.close`. */
export interface CloseOptions {
  /**
   * Milliseconds in-flight requests get to finish before their connections are cut (default
   * 10 000). Startup still under way is waited for within the same time.
   */
  readonly graceMs?: number;
  /**
   * Milliseconds the servers `serve` started keep accepting and answering requests after readiness
   * turns 503, each answer closing its connection (default 0). Balancers that poll readiness take
   * the instance out meanwhile, and clients of kept-alive connections move to new ones instead of
   * losing a request on a connection cut under them. Counted before `graceMs`.
   */
  readonly drainMs?: number;
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
    let graceMs: number;
    let drainMs: number;
    try {
      const { graceMs: givenGrace = defaultGraceMs, drainMs: givenDrain = 0 } = options;
      graceMs = checkDuration(givenGrace, "app.close: graceMs", { zero: true });
      drainMs = checkDuration(givenDrain, "app.close: drainMs", { zero: true });
    } catch (error) {
      return Promise.reject(error);
    }
    closing ??= (async () => {
      moveAppState(container.state, "closing");
      runtime.sockets?.closeAll();
      // From now on every answer closes its connection, so no client writes its next request
      // onto a kept-alive connection that stopping is about to cut.
      for (const startDrain of runtime.drainers) startDrain();
      if (drainMs > 0) {
        // Event streams end now: their clients reconnect while the balancer still has a choice.
        for (const end of runtime.streams) end();
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      const started = Date.now();
      await within(ready, graceMs);
      const left = Math.max(0, graceMs - (Date.now() - started));
      const draining = [...runtime.servers].map((server) => drain(server, left));
      // Event streams never finish by themselves: ended now, their clients reconnect elsewhere.
      for (const end of runtime.streams) end();
      await Promise.all(draining);
      runtime.servers.clear();
      await container.runShutdown(runtime.logger);
      // Last: an onShutdown hook may still publish.
      await closePubSub(runtime);
      moveAppState(container.state, "closed");
    })();
    return closing;
  };
}

/** Closes the app's publish/subscribe adapter; a failure is logged, never thrown from close. */
async function closePubSub(runtime: AppRuntime): Promise<void> {
  try {
    await runtime.pubsub?.close();
  } catch (error) {
    runtime.logger.error("Closing the publish/subscribe adapter failed:", error);
  }
  for (const feature of runtime.features ?? []) {
    try {
      await feature.close?.();
    } catch (error) {
      runtime.logger.error(`Closing the route feature "${feature.name}" failed:`, error);
    }
  }
}
