import type { Logger } from "../errors/logger.js";

/**
 * Receives each message of a subscribed topic: its payload (JSON text, as published), its id
 * (given by the engine) and its topic. Positional arguments: a publish allocates nothing for them.
 * An adapter may skip making the id for a listener declared with one parameter (the in-process
 * one does): declare the id parameter when you read it.
 */
export type PubSubListener = (payload: string, id: string, topic: string, meta?: EventMeta) => void;

/**
 * Where an event came from, carried with it to every subscriber on every instance: the id of the
 * request that published it and, with tracing on, that request's W3C trace context. Absent for
 * an event published outside a request (or stored by a version without it).
 */
export interface EventMeta {
  /** The publishing request's id (`getRequestId`). */
  readonly requestId?: string;
  /** The publishing span, as a W3C `traceparent` header value. */
  readonly traceparent?: string;
  /** Its W3C `tracestate`, when it has one. */
  readonly tracestate?: string;
}

/** One message of the log, as `replay` returns it. */
export interface PubSubMessage {
  readonly topic: string;
  readonly id: string;
  readonly payload: string;
}

/**
 * Why a replay could not give everything after the id asked for. `malformed`: not an id of this
 * engine; `expired`: messages after it have left the window (by count or age); `unknown`: newer
 * than anything in the log (an id of another log, or a log that was reset).
 */
export type PubSubGap = "malformed" | "expired" | "unknown";

/** What `replay` answers. */
export interface PubSubReplay {
  /** The retained messages of the topic after the id, oldest first (empty with a gap). */
  readonly messages: readonly PubSubMessage[];
  /** Set when the id could not be honoured: the caller starts from now and says so. */
  readonly gap?: PubSubGap;
}

/** The bounded window `replay` can reach back into. */
export interface PubSubWindow {
  /** At least this many of the most recent messages (of all topics) are kept. */
  readonly maxEvents: number;
  /** Messages older than this (milliseconds) may be dropped. */
  readonly maxAgeMs: number;
}

/** A snapshot of an adapter's health, for logs, metrics and readiness checks. */
export interface PubSubStatus {
  /** The engine's name: `in-process`, `redis`, `postgres`, ... */
  readonly engine: string;
  /** True while publishing and the subscription reader both reach the engine. */
  readonly connected: boolean;
  /** Publishes that never reached the engine (each one was also logged). */
  readonly lostPublishes: number;
  /** Accepted publishes held until the engine stores them (an adapter with an outage queue). */
  readonly queued?: number;
  /** How many times the adapter reconnected after losing the engine. */
  readonly reconnects: number;
  /** The last connection error, while disconnected. */
  readonly lastError?: string;
  readonly window: PubSubWindow;
}

/** What the app gives its adapter when it opens it. */
export interface PubSubContext {
  /** The app's logger: lost publishes and connection changes are reported through it. */
  readonly logger: Logger;
}

/**
 * The publish/subscribe contract: how one publish reaches every instance of an app. The app
 * (`createApp({ pubsub })`) owns its adapter: it calls `open` at startup and `close` when it closes.
 * Core's default is `inProcessPubSub()`; `@trellis/pubsub-redis` and `@trellis/pubsub-postgres`
 * implement it on engines. docs/scale-out.md states every guarantee an implementation makes.
 */
export interface PubSub {
  /**
   * Starts the adapter (connects, positions its reader at the end of the log). The app waits for
   * it in `app.ready`; it should not reject when the engine is down (log it and keep retrying).
   */
  open?(context: PubSubContext): void | Promise<void>;
  /**
   * Sends `payload` to every listener of `topic` on every instance, the publisher's own included.
   * Never throws and never rejects: returns false when the message is known lost at once (the
   * engine is unreachable and the adapter holds nothing, or its outage queue is full). Every
   * loss, now or later, is counted in `status().lostPublishes` and logged. `meta` reaches every
   * listener as its fourth argument.
   */
  publish(topic: string, payload: string, meta?: EventMeta): boolean;
  /**
   * Calls `listener` for each message of `topic` that reaches the engine from now on, in id order,
   * once each; after an outage, from the message after the last one delivered. Local: it costs
   * no engine round trip. Returns the unsubscribe function.
   */
  subscribe(topic: string, listener: PubSubListener): () => void;
  /**
   * The retained messages of `topic` with an id after `after`, oldest first, including at least
   * every message already delivered to listeners when it was called (it may hold newer ones the
   * listeners have not received yet: `subscribeFrom` sends each id once). `after` comes from a client:
   * an id this adapter cannot honour is answered with a gap, never a throw. Rejects only when the
   * engine cannot be reached.
   */
  replay(topic: string, after: string): PubSubReplay | Promise<PubSubReplay>;
  /** Orders two ids of this adapter: negative when `a` came first, 0 when equal. */
  compare(a: string, b: string): number;
  status(): PubSubStatus;
  /** Stops reading, closes connections and timers; listeners get nothing after. Idempotent. */
  close(): void | Promise<void>;
}
