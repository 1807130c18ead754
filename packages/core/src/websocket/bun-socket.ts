/** Binary data a socket sends: what both Bun's `ServerWebSocket` and the web platform accept. */
export type SocketBytes = ArrayBuffer | Uint8Array<ArrayBuffer>;

/** What Trellis uses of Bun's `ServerWebSocket` (structural, so core needs no Bun types). */
export interface BunSocket<D = unknown> {
  readonly data: D;
  readonly remoteAddress: string;
  readonly readyState: number;
  /** -1: queued under backpressure; 0: dropped; otherwise the bytes sent. */
  send(data: string | SocketBytes, compress?: boolean): number;
  close(code?: number, reason?: string): void;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  isSubscribed(topic: string): boolean;
  publish(topic: string, data: string | SocketBytes, compress?: boolean): number;
  getBufferedAmount(): number;
}

/** What Trellis uses of Bun's `Server` for WebSockets. */
export interface UpgradeServer {
  upgrade(request: Request, options?: { data?: unknown }): boolean;
  publish(topic: string, data: string | SocketBytes, compress?: boolean): number;
}

// The server each request arrived on, for routes that upgrade: Bun passes it to the top-level
// handler only, and route handlers take the request alone.
const servers = new WeakMap<Request, UpgradeServer>();

/** Wraps a top-level handler so that the routes below it can reach the request's server. */
export function rememberingServer<A extends unknown[], R>(
  handler: (request: Request, server?: unknown, ...rest: A) => R,
): (request: Request, server?: unknown, ...rest: A) => R {
  return (request, server, ...rest) => {
    if (server !== undefined && server !== null) servers.set(request, server as UpgradeServer);
    return handler(request, server, ...rest);
  };
}

/** The server a request arrived on, when it came through Bun.serve. */
export function serverOf(request: Request): UpgradeServer | undefined {
  return servers.get(request);
}
