import type { AppState } from "../di/built-in-tokens.js";
import type { Logger } from "../errors/logger.js";

/** What `serve` needs of a `Bun.serve` server (Bun's `Server` has it). */
export interface RunningServer {
  readonly url: URL;
  readonly port: number | undefined;
  /** Stops listening; `true` also cuts open connections. Resolves once all are closed. */
  stop(closeActiveConnections?: boolean): Promise<void> | void;
}

/** What `serve` and `app.close` share about one app; keyed by its state, which spreads keep. */
export interface AppRuntime {
  readonly logger: Logger;
  readonly servers: Set<RunningServer>;
  /** Starts a server's drain (its answers close their connections); `serve` registers one each. */
  readonly drainers: Set<() => void>;
  /** Ends each open event stream (`@Sse`), so a closing server can drain. */
  readonly streams: Set<() => void>;
  /** The app's WebSocket connections: closed (1001) as soon as the app starts closing. */
  readonly sockets?: { closeAll(): void };
  /** The app's publish/subscribe adapter: closed last, after the `onShutdown` hooks. */
  readonly pubsub?: { close(): void | Promise<void> };
  /** The route features (their stores): closed with the publish/subscribe adapter. */
  readonly features?: readonly { readonly name: string; close?(): void | Promise<void> }[];
}

const runtimes = new WeakMap<AppState, AppRuntime>();

/** Registers an app's runtime (createApp). */
export function registerRuntime(state: AppState, runtime: AppRuntime): void {
  runtimes.set(state, runtime);
}

/** The runtime of the app whose state this is, if createApp made it. */
export function runtimeOf(state: AppState): AppRuntime | undefined {
  return runtimes.get(state);
}
