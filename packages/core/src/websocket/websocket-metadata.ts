/** Which lifecycle event a WebSocket handler method answers. */
export type SocketEvent = "open" | "message" | "binary" | "close" | "drain";

/** A WebSocket handler decorator as written on one method. */
export interface SocketHandlerMetadata {
  readonly event: SocketEvent;
  readonly key: string | symbol;
  /** `@OnMessage("type", ...)`: the envelope type it answers; undefined for a plain message. */
  readonly type: unknown;
  readonly schema: unknown;
  readonly hasSchema: boolean;
  readonly summary: unknown;
}

/** An `@Sends` as written: a message the server sends to clients. */
export interface SocketSendsMetadata {
  readonly type: unknown;
  readonly schema: unknown;
  readonly hasSchema: boolean;
  readonly summary: unknown;
}

/** Everything the WebSocket decorators of one class recorded. */
export interface SocketClassMetadata {
  /** The `@WebSocketRoute` path; undefined until that decorator runs. */
  path?: unknown;
  /** The `@WebSocketRoute` options. */
  options?: unknown;
  readonly handlers: SocketHandlerMetadata[];
  readonly sends: SocketSendsMetadata[];
}

// Separate from the HTTP metadata store: a WebSocket class has no verbs and is read by its own
// builder, so neither reader has to know about the other's decorators.
const store = new WeakMap<Function, SocketClassMetadata>();

/** The WebSocket metadata a class declares, created on first use. */
export function ownSocketMetadata(target: Function): SocketClassMetadata {
  let metadata = store.get(target);
  if (!metadata) {
    metadata = { handlers: [], sends: [] };
    store.set(target, metadata);
  }
  return metadata;
}

/** The WebSocket metadata of a class, or undefined for a class that is not a WebSocket route. */
export function socketMetadataOf(target: unknown): SocketClassMetadata | undefined {
  return typeof target === "function" ? store.get(target) : undefined;
}
