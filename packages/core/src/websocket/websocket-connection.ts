import type { BunSocket, SocketBytes } from "./bun-socket.js";

/** Checks an outgoing message (with `validateResponse` on); returns what to send, or throws. */
export type OutgoingCheck = (message: unknown) => unknown;

type Payload = string | SocketBytes;

/**
 * One open WebSocket connection, as every handler of it sees it. `data` is this connection's own
 * state (an empty object at first, shared by all its handlers). `send` and `emit` return Bun's
 * answer: the bytes sent, -1 when the message was queued under backpressure (wait for
 * `@OnDrain` before sending more), 0 when it was dropped (the connection is closed, or its
 * buffer passed `backpressureLimit`).
 */
export class WebSocketConnection<State extends object = Record<string, unknown>> {
  /** This connection's state: anything its handlers want to keep between events. */
  readonly data: State = {} as State;
  readonly #socket: BunSocket;
  readonly #check: OutgoingCheck | undefined;

  /** Made by Trellis for each connection. */
  constructor(socket: BunSocket, check: OutgoingCheck | undefined) {
    this.#socket = socket;
    this.#check = check;
  }

  /** Sends a value as JSON (checked against the route's `@Sends` with `validateResponse` on). */
  send(message: unknown): number {
    const value = this.#check === undefined ? message : this.#check(message);
    return this.#socket.send(JSON.stringify(value));
  }

  /** Sends the envelope `{ type, data }`, checked against `@Sends(type, Schema)`. */
  emit(type: string, data?: unknown): number {
    return this.send(data === undefined ? { type } : { type, data });
  }

  /** Sends text or bytes as they are: no JSON, no check. */
  sendRaw(data: Payload): number {
    return this.#socket.send(data);
  }

  /** Receives what is published to `topic` from now on. */
  subscribe(topic: string): void {
    this.#socket.subscribe(topic);
  }

  unsubscribe(topic: string): void {
    this.#socket.unsubscribe(topic);
  }

  isSubscribed(topic: string): boolean {
    return this.#socket.isSubscribed(topic);
  }

  /** Sends a value as JSON to every other subscriber of `topic` (not to this connection). */
  publish(topic: string, message: unknown): number {
    const value = this.#check === undefined ? message : this.#check(message);
    return this.#socket.publish(topic, JSON.stringify(value));
  }

  /** Closes the connection (default 1000, normal closure). */
  close(code?: number, reason?: string): void {
    this.#socket.close(code, reason);
  }

  /** Bytes queued for this connection and not yet sent (its backpressure). */
  get bufferedAmount(): number {
    return this.#socket.getBufferedAmount();
  }

  /** The client's IP address. */
  get remoteAddress(): string {
    return this.#socket.remoteAddress;
  }

  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  get readyState(): number {
    return this.#socket.readyState;
  }
}
