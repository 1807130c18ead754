import { within } from "./within.js";

// Bounds of seconds on what a test waits for: a message or an open that never comes fails with
// its reason instead of at the suite's timeout.
const messageSeconds = 20;
const openSeconds = 20;

/** A WebSocket client for tests: messages queue up until read, close and errors are promises. */
export interface TestSocket {
  readonly socket: WebSocket;
  /** The next message, parsed as JSON when it is text; rejects when none comes within 20 s. */
  next(): Promise<any>;
  send(value: unknown): void;
  /** Resolves with the close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

/**
 * Opens a WebSocket and waits until it is open (rejects when it closes first, or is not open
 * within 20 s). Bun's client can send headers with the upgrade (browsers cannot).
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
    next: () => {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      let waiter: (value: unknown) => void = () => undefined;
      const message = new Promise((resolve) => {
        waiter = resolve;
        waiting.push(resolve);
      });
      // A waiter that gave up must not take the message a later next() waits for.
      return within(message, messageSeconds, `a message on ${url}`).catch((error: unknown) => {
        waiting.splice(waiting.indexOf(waiter), 1);
        throw error;
      });
    },
    send: (value) => socket.send(typeof value === "string" ? value : JSON.stringify(value)),
    closed,
  };
  const opened = new Promise<TestSocket>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(client));
    closed.then((event) => reject(new Error(`closed before open: ${event.code}`)));
  });
  return within(opened, openSeconds, `${url} to open`);
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
