import { subscribeFrom } from "../pubsub/subscribe-from.js";
import type { BunSocket, SocketBytes, UpgradeServer } from "./bun-socket.js";
import { resyncFrame, withEventId } from "./event-frame.js";
import type { SocketHub } from "./socket-hub.js";

/** Checks an outgoing message (with `validateResponse` on); returns what to send, or throws. */
export type OutgoingCheck = (message: unknown) => unknown;

type Payload = string | SocketBytes;

const leave: unique symbol = Symbol("trellis.leaveTopics");

/** What a connection reads of its socket's data (made at the upgrade). */
type SocketData = { readonly lastEventId?: string; readonly server?: UpgradeServer };

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
  readonly #socket: BunSocket<SocketData>;
  readonly #check: OutgoingCheck | undefined;
  readonly #hub: SocketHub;
  #topics: Set<string> | undefined;
  #follows: Map<string, () => void> | undefined;

  /** Made by Trellis for each connection. */
  constructor(socket: BunSocket<SocketData>, check: OutgoingCheck | undefined, hub: SocketHub) {
    this.#socket = socket;
    this.#check = check;
    this.#hub = hub;
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

  /** Receives what is published to `topic`, on any instance, from now on. */
  subscribe(topic: string): void {
    if (this.#topics?.has(topic)) return;
    this.#socket.subscribe(topic);
    this.#topics ??= new Set();
    this.#topics.add(topic);
    this.#hub.retain(topic);
  }

  /**
   * Receives what is published to `topic` with its event id (an `eventId` field in each message),
   * first what came after `lastEventId` (by default the upgrade request's `lastEventId` query
   * parameter), exactly once and in order. An id that cannot be honoured starts from now after a
   * `{ "type": "resync" }` frame. A connection that falls behind, or whose replay cannot be read,
   * is closed with 1013: the client reconnects with its last id and misses nothing in the window.
   */
  follow(topic: string, lastEventId: string | undefined = this.lastEventId): void {
    if (this.#follows?.has(topic)) return;
    const socket = this.#socket;
    const closeForRetry = (reason: string) => {
      if (socket.readyState === 1) socket.close(1013, reason);
    };
    const stop = subscribeFrom(this.#hub.pubsub, topic, lastEventId || undefined, {
      message(payload, id) {
        if (socket.send(withEventId(payload, id)) === 0) {
          closeForRetry("Fell behind: reconnect with lastEventId");
        }
      },
      gap: (reason) => socket.send(resyncFrame(topic, reason)),
      fail: () => closeForRetry("Try again later"),
    });
    this.#follows ??= new Map();
    this.#follows.set(topic, stop);
  }

  /** Stops receiving `topic` (subscribed or followed). */
  unsubscribe(topic: string): void {
    this.#follows?.get(topic)?.();
    this.#follows?.delete(topic);
    if (this.#topics?.delete(topic) !== true) return;
    this.#socket.unsubscribe(topic);
    this.#hub.release(topic);
  }

  isSubscribed(topic: string): boolean {
    return this.#topics?.has(topic) === true || this.#follows?.has(topic) === true;
  }

  /**
   * Sends a value as JSON to every other subscriber of `topic`, on every instance (not to this
   * connection). Returns 1 when it is on its way, 0 when it was lost at once (logged and counted).
   */
  publish(topic: string, message: unknown): number {
    const value = this.#check === undefined ? message : this.#check(message);
    return this.#hub.publishFrom(this.#socket, topic, JSON.stringify(value));
  }

  /** Closes the connection (default 1000, normal closure). */
  close(code?: number, reason?: string): void {
    this.#socket.close(code, reason);
  }

  /** The `lastEventId` query parameter of the upgrade request: where `follow` resumes. */
  get lastEventId(): string | undefined {
    return this.#socket.data.lastEventId;
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

  /** The connection closed: its topics and follows are released (core). */
  [leave](): void {
    for (const stop of this.#follows?.values() ?? []) stop();
    this.#follows = undefined;
    for (const topic of this.#topics ?? []) this.#hub.release(topic);
    this.#topics = undefined;
  }
}

/** Releases what a closed connection subscribed to (core only). */
export function leaveTopics(connection: WebSocketConnection<object>): void {
  connection[leave]();
}
