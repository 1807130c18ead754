import type { BunSocket } from "./bun-socket.js";
import type { ConnectionData } from "./socket-session.js";
import type { WebSocketSettings } from "./websocket-options.js";

type Socket = BunSocket<ConnectionData>;

/**
 * The `websocket` object `Bun.serve` takes (`app.websocket`): one for every WebSocket route of
 * the app; each connection's data knows its route. Bun closes a connection whose message is
 * larger than `maxPayloadLength` with 1009.
 */
export interface WebSocketHandler {
  open(socket: Socket): void;
  message(socket: Socket, message: string | ArrayBufferView | ArrayBuffer): void;
  close(socket: Socket, code: number, reason: string): void;
  drain(socket: Socket): void;
  readonly maxPayloadLength: number;
  readonly backpressureLimit: number;
  readonly closeOnBackpressureLimit: boolean;
  readonly idleTimeout: number;
  readonly perMessageDeflate: boolean;
  readonly publishToSelf: boolean;
}

/** Makes the app's `websocket` object; `maxPayloadLength` is the largest route limit. */
export function createWebSocketHandler(
  settings: WebSocketSettings,
  maxPayloadLength: number,
): WebSocketHandler {
  return {
    open: (socket) => socket.data.session.open(socket),
    message: (socket, message) => socket.data.session.message(socket, message),
    close: (socket, code, reason) => socket.data.session.close(socket, code, reason),
    drain: (socket) => socket.data.session.drain(socket),
    maxPayloadLength,
    backpressureLimit: settings.backpressureLimit,
    closeOnBackpressureLimit: settings.closeOnBackpressureLimit,
    idleTimeout: settings.idleTimeout,
    perMessageDeflate: settings.perMessageDeflate,
    publishToSelf: false,
  };
}
