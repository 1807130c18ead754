import { HttpException } from "../errors/http-exception.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import { compileRoute, type RouteCompileContext } from "../route/compile-route.js";
import { serverOf } from "./bun-socket.js";
import type { SocketHub } from "./socket-hub.js";
import type { ConnectionData, SocketSession } from "./socket-session.js";

// Bun ignores what a handler returns once it upgraded the request; the pipeline needs a Response.
const upgraded = () => new Response(null, { status: 200 });

/**
 * Compiles a WebSocket route's upgrade request as an HTTP route: middleware, security, guards,
 * binding and validation of the `@OnOpen` handler's parameters run exactly as for any route, and
 * a refusal is their problem+json answer. Only a request that passes is upgraded; its bound
 * arguments and per-connection controller object travel in the socket's data to the open event.
 */
export function compileSocketUpgrade(
  operation: Operation,
  session: SocketSession,
  hub: SocketHub,
  context: RouteCompileContext,
): RouteHandler {
  // One more argument after the open handler's: the request itself, to upgrade it.
  const requestIndex = Math.max(1, ...operation.bindings.map((binding) => binding.index + 1));
  const compiled: Operation = {
    ...operation,
    bindings: [...operation.bindings, { kind: "request", index: requestIndex }],
  };
  function upgrade(this: object, ...args: unknown[]): Response {
    const request = args.pop() as Request;
    if (hub.closing) throw new HttpException(503, "The server is shutting down.");
    const server = serverOf(request);
    if (server === undefined || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      throw new HttpException(426, "This route takes WebSocket connections only.", {
        headers: { upgrade: "websocket", connection: "Upgrade" },
      });
    }
    // The handlers' object: the request-scoped instance, or one inheriting from the singleton.
    const state = context.perRequest === undefined ? Object.create(context.instance) : this;
    const data: ConnectionData = {
      session,
      state,
      args,
      server,
      lastEventId: lastEventIdOf(request),
    };
    if (!server.upgrade(request, { data })) {
      throw new HttpException(400, "The WebSocket handshake is not valid.");
    }
    context.sockets?.upgraded(request, data);
    hub.servers.add(server);
    return upgraded();
  }
  const instance = Object.create(context.instance, {
    [operation.handlerName]: { value: upgrade },
  }) as object;
  return compileRoute(compiled, { ...context, instance });
}

/** The `lastEventId` query parameter of an upgrade request (read only when the URL has one). */
function lastEventIdOf(request: Request): string | undefined {
  if (!request.url.includes("lastEventId=")) return undefined;
  return new URL(request.url).searchParams.get("lastEventId") ?? undefined;
}
