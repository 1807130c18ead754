import type { Logger } from "../errors/logger.js";
import type { SocketObserver } from "../observability/app-observer.js";
import type { ResponseValidationMode } from "../pipeline/response-validation.js";
import type { RouteConfig } from "../pipeline/route-config.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import type { BuiltSocketRoute } from "./build-socket-routes.js";
import { compileOutgoingCheck } from "./outgoing-check.js";
import { SocketHub } from "./socket-hub.js";
import { SocketSession } from "./socket-session.js";
import { createWebSocketHandler, type WebSocketHandler } from "./websocket-handler.js";
import type { WebSocketSettings } from "./websocket-options.js";

/** An app's WebSocket runtime: one session per route, the live connections, Bun's handler. */
export interface Sockets {
  readonly sessions: readonly SocketSession[];
  readonly hub: SocketHub;
  readonly websocket: WebSocketHandler;
}

/**
 * Compiles every WebSocket route's per-message path once, at startup: message validators,
 * outgoing checks (with the route's or the app's response validation) and the handler lookup.
 */
export function createSockets(
  built: readonly BuiltSocketRoute<RouteConfig>[],
  options: {
    readonly compiler: SchemaCompiler;
    readonly logger: Logger;
    readonly validateResponse: ResponseValidationMode;
    readonly settings: WebSocketSettings;
    readonly defaultMessageLimit: number;
    /** Where publishes go, and where the hub subscribes for local connections. */
    readonly pubsub: PubSub;
    /** Set when the app's observer watches WebSockets: each message goes through it. */
    readonly observer?: SocketObserver;
  },
): Sockets {
  const hub = new SocketHub(options.pubsub, options.logger);
  const limit = Math.max(
    options.defaultMessageLimit,
    ...built.map(({ route }) => route.maxMessageBytes),
  );
  const sessions = built.map(
    ({ route, runtime }) =>
      new SocketSession(
        route,
        options.compiler,
        options.logger,
        compileOutgoingCheck(
          route,
          runtime.validateResponse ?? options.validateResponse,
          options.compiler,
          options.logger,
        ),
        limit,
        hub,
        options.observer,
      ),
  );
  return { sessions, hub, websocket: createWebSocketHandler(options.settings, limit) };
}
