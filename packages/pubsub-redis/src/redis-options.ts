import type { PubSub } from "@trellis/core";
import type { PubSubWindow } from "@trellis/core/extend";
import { checkWholeNumber, invalidValue } from "@trellis/core/extend";
import { RedisPubSub } from "./redis-pubsub.js";

/** The options of `redisPubSub`. */
export interface RedisPubSubOptions {
  /** The server (`redis://`, `rediss://`); default `REDIS_URL`, else `redis://127.0.0.1:6379`. */
  readonly url?: string;
  /** The stream every topic shares (default `trellis:events`): one log per app. */
  readonly key?: string;
  /** Messages kept for replay, of all topics together (default 10 000). */
  readonly maxEvents?: number;
  /** Milliseconds a message stays replayable (default one hour). */
  readonly maxAgeMs?: number;
  /** Milliseconds one XREAD waits for new messages before it asks again (default 5000). */
  readonly blockMs?: number;
  /** Reconnection delays: doubling from `minMs` (default 100) to `maxMs` (default 5000). */
  readonly reconnect?: { readonly minMs?: number; readonly maxMs?: number };
  /**
   * The outage queue: publishes held in this process while Redis does not take them, sent in
   * order when it does. `maxEvents` (default 10 000) held at most: a publish past it is refused
   * (`publish` answers false); `maxAgeMs` (default 60 000) the longest one waits: an older one is
   * dropped; `drainMs` (default 2000) how long `close` waits for what is held. Every publish given
   * up is counted in `status().lostPublishes` and logged.
   */
  readonly queue?: {
    readonly maxEvents?: number;
    readonly maxAgeMs?: number;
    readonly drainMs?: number;
  };
}

/** The checked options. */
export interface RedisSettings {
  readonly url: string;
  readonly key: string;
  readonly window: PubSubWindow;
  readonly blockMs: number;
  readonly backoff: { readonly minMs: number; readonly maxMs: number };
  readonly queue: {
    readonly maxEvents: number;
    readonly maxAgeMs: number;
    readonly drainMs: number;
  };
}

const whole = (value: unknown, fallback: number, name: string, min: number): number =>
  value === undefined
    ? fallback
    : checkWholeNumber(value, `redisPubSub: ${name}`, "INVALID_PUBSUB_OPTION", { min });

/**
 * Publish/subscribe through Redis: `createApp({ pubsub: redisPubSub({ url }) })`. One publish
 * reaches every instance; ids come from the Redis Stream; `Last-Event-ID` replays from it.
 * Needs Redis 7 (for `max-deleted-entry-id`) and Bun's built-in `RedisClient`.
 */
export function redisPubSub(options: RedisPubSubOptions = {}): PubSub {
  if (options === null || typeof options !== "object")
    throw invalidValue("INVALID_PUBSUB_OPTION", "redisPubSub: options", options, "an object");
  const url = options.url ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  if (typeof url !== "string" || url === "")
    throw invalidValue(
      "INVALID_PUBSUB_OPTION",
      "redisPubSub: url",
      url,
      "a URL such as redis://host:6379",
    );
  const key = options.key ?? "trellis:events";
  if (typeof key !== "string" || key === "")
    throw invalidValue("INVALID_PUBSUB_OPTION", "redisPubSub: key", key, "a non-empty string");
  const minMs = whole(options.reconnect?.minMs, 100, "reconnect.minMs", 1);
  return new RedisPubSub({
    url,
    key,
    window: {
      maxEvents: whole(options.maxEvents, 10_000, "maxEvents", 1),
      maxAgeMs: whole(options.maxAgeMs, 3_600_000, "maxAgeMs", 1),
    },
    blockMs: whole(options.blockMs, 5000, "blockMs", 1),
    backoff: { minMs, maxMs: whole(options.reconnect?.maxMs, 5000, "reconnect.maxMs", minMs) },
    queue: {
      maxEvents: whole(options.queue?.maxEvents, 10_000, "queue.maxEvents", 1),
      maxAgeMs: whole(options.queue?.maxAgeMs, 60_000, "queue.maxAgeMs", 1),
      drainMs: whole(options.queue?.drainMs, 2000, "queue.drainMs", 0),
    },
  });
}
