/** A WebSocket client for tests: messages queue up until read, close and errors are promises. */
export interface TestSocket {
  readonly socket: WebSocket;
  /** The next message, parsed as JSON when it is text. */
  next(): Promise<any>;
  send(value: unknown): void;
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens a WebSocket and waits until it is open (rejects when it closes first). Bun's client can
 * send headers with the upgrade (browsers cannot).
 */
export function openSocket(url: string, headers?: Record<string, string>): Promise<TestSocket> {
  const socket =
    headers === undefined ? new WebSocket(url) : new WebSocket(url, { headers } as never);
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  socket.binaryType = "arraybuffer";
  socket.onmessage = (event) => {
    const value = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else queue.push(value);
  };
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event) =>
      resolve({ code: event.code, reason: event.reason }),
    );
  });
  const client: TestSocket = {
    socket,
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift())
        : new Promise((resolve) => waiting.push(resolve)),
    send: (value) => socket.send(typeof value === "string" ? value : JSON.stringify(value)),
    closed,
  };
  return new Promise((resolve, reject) => {
    socket.addEventListener("open", () => resolve(client));
    closed.then((event) => reject(new Error(`closed before open: ${event.code}`)));
  });
}

/** The HTTP answer to an upgrade request (a refused upgrade is a normal HTTP response). */
export function upgradeRequest(
  url: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    headers: {
      connection: "Upgrade",
      upgrade: "websocket",
      "sec-websocket-version": "13",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      ...headers,
    },
  });
}
