import { TrellisConfigError } from "../errors/trellis-config-error.js";

/** A startup error about a `@WebSocketRoute` class, naming where (class, method or decorator). */
export function invalidSocketRoute(where: string, message: string): TrellisConfigError {
  return new TrellisConfigError("INVALID_WEBSOCKET_ROUTE", `${where}: ${message}`);
}
