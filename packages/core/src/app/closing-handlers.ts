import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { withHeaders } from "../pipeline/response-headers.js";

type Handler = (request: Request, server?: unknown) => unknown;

/**
 * Marks an answer as the last one on its connection. A kept-alive client (or nginx's upstream
 * pool) then opens a new connection for its next request instead of writing it onto one the
 * stopping server is about to close, where it would be lost (and, for a POST behind nginx, never
 * retried).
 */
function lastOnConnection(response: unknown): unknown {
  if (!(response instanceof Response)) return response; // an upgraded WebSocket, or nothing
  return withHeaders(response, (headers) => headers.set("connection", "close"));
}

function closing(handler: Handler): Handler {
  return (request, server) => {
    const answer = handler(request, server);
    return answer instanceof Promise ? answer.then(lastOnConnection) : lastOnConnection(answer);
  };
}

function closingEntry(entry: unknown): unknown {
  if (typeof entry === "function") return closing(entry as Handler);
  if (entry instanceof Response) return lastOnConnection(entry.clone());
  if (entry !== null && typeof entry === "object") {
    const methods: Record<string, unknown> = {};
    for (const [method, handler] of Object.entries(entry)) methods[method] = closingEntry(handler);
    return methods;
  }
  return entry;
}

/**
 * The handlers a draining server swaps in (`server.reload`): the same routes, each answer sent
 * with `Connection: close`. Swapped in only when draining starts, so serving costs nothing extra
 * the rest of the time.
 */
export function closingHandlers(
  routes: RouteMap,
  fetch: ServeHandler,
): { routes: RouteMap; fetch: ServeHandler } {
  const closingRoutes: Record<string, unknown> = {};
  for (const [path, entry] of Object.entries(routes)) closingRoutes[path] = closingEntry(entry);
  return {
    routes: closingRoutes as RouteMap,
    fetch: closing(fetch as Handler) as ServeHandler,
  };
}
