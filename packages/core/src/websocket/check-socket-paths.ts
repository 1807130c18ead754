import { configError } from "../errors/core-config-error.js";
import type { Operation } from "../operation/operation.js";
import type { SocketRoute } from "./socket-route.js";

/** A WebSocket route's path is its own: no other WebSocket route and no GET route shares it. */
export function checkSocketPaths(
  operations: readonly Operation[],
  sockets: readonly { readonly route: SocketRoute }[],
): void {
  const owners = new Map<string, string>();
  for (const operation of operations) {
    if (operation.method === "GET") {
      owners.set(operation.shape, `${operation.controller.name}.${operation.handlerName}`);
    }
  }
  for (const { route } of sockets) {
    const { shape, path } = route.upgrade;
    const owner = owners.get(shape);
    if (owner !== undefined) {
      throw configError("DUPLICATE_ROUTE", [
        `${route.controller.name} (@WebSocketRoute ${path})`,
        `${owner} (both serve GET ${path})`,
      ]);
    }
    owners.set(shape, `${route.controller.name} (@WebSocketRoute)`);
  }
}
