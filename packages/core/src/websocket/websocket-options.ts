import { checkDuration } from "../errors/check-duration.js";
import { configError } from "../errors/core-config-error.js";

/** The `websocket` option of `createApp`: how Bun's WebSocket server treats connections. */
export interface WebSocketOptions {
  /**
   * Bytes a connection may have queued before `send` drops messages (returns 0) instead of
   * queueing them (default 1 MiB): a slow consumer never makes the server buffer without bound.
   */
  readonly backpressureLimit?: number;
  /** Close a connection (1008) instead of dropping messages when it passes the limit (default false). */
  readonly closeOnBackpressureLimit?: boolean;
  /** Seconds a connection may stay silent before it is closed (default 120; Bun pings it). */
  readonly idleTimeout?: number;
  /** Compress messages with permessage-deflate (default false). */
  readonly perMessageDeflate?: boolean;
}

/** The checked WebSocket settings. */
export interface WebSocketSettings {
  readonly backpressureLimit: number;
  readonly closeOnBackpressureLimit: boolean;
  readonly idleTimeout: number;
  readonly perMessageDeflate: boolean;
}

const positive = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

/** Checks `createApp`'s `websocket` option. */
export function parseWebSocketOptions(value: unknown): WebSocketSettings {
  const options = (value ?? {}) as Record<string, unknown>;
  const fail = (option: string, rule: string): never => {
    throw configError("INVALID_WEBSOCKET_OPTION", [option, rule]);
  };
  if (typeof options !== "object") fail("", "an object");
  const { backpressureLimit = 1024 * 1024, idleTimeout = 120 } = options;
  const { closeOnBackpressureLimit = false, perMessageDeflate = false } = options;
  if (!positive(backpressureLimit))
    fail(".backpressureLimit", "a positive integer number of bytes");
  // Bun's largest WebSocket idle timeout.
  checkDuration(idleTimeout, "createApp: websocket.idleTimeout", { unit: "seconds", max: 960 });
  if (typeof closeOnBackpressureLimit !== "boolean") fail(".closeOnBackpressureLimit", "a boolean");
  if (typeof perMessageDeflate !== "boolean") fail(".perMessageDeflate", "a boolean");
  return {
    backpressureLimit: backpressureLimit as number,
    closeOnBackpressureLimit: closeOnBackpressureLimit as boolean,
    idleTimeout: idleTimeout as number,
    perMessageDeflate: perMessageDeflate as boolean,
  };
}
