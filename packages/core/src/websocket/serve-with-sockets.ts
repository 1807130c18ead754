import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { routeShape } from "../http/route-shape.js";
import type { Operation } from "../operation/operation.js";
import { rememberingServer } from "./bun-socket.js";

/**
 * The router's `routes` and `fetch`, with the way in to each WebSocket route remembering the
 * server it was called with (the upgrade needs it). Unchanged when the app has no WebSocket routes:
 * HTTP routes pay nothing for them.
 */
export function serveWithSockets(
  router: { routes: RouteMap; fetch: ServeHandler },
  served: readonly { readonly operation: Operation }[],
  socketCount: number,
): { routes: RouteMap; fetch: ServeHandler } {
  if (socketCount === 0) return router;
  const shapes = new Set(
    served.slice(served.length - socketCount).map(({ operation }) => operation.shape),
  );
  const routes: RouteMap = {};
  for (const [path, table] of Object.entries(router.routes)) {
    const get = table.GET;
    routes[path] =
      typeof get === "function" && shapes.has(routeShape(path))
        ? { ...table, GET: rememberingServer(get) }
        : table;
  }
  return { routes, fetch: rememberingServer(router.fetch) };
}
