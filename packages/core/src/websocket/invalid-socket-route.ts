import { configError } from "../errors/core-config-error.js";
import type { TrellisConfigError } from "../errors/trellis-config-error.js";

/** A startup error about a `@WebSocketRoute` class, naming where (class, method or decorator). */
export function invalidSocketRoute(where: string, message: string): TrellisConfigError {
  return configError("INVALID_WEBSOCKET_ROUTE", [where, message]);
}
