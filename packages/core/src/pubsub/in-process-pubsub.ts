import { checkWholeNumber, invalidValue } from "../errors/check-whole-number.js";
import type { Logger } from "../errors/logger.js";
import { coarseNow, coarseTickMs, holdCoarseClock } from "./coarse-clock.js";
import type {
  EventMeta,
  PubSub,
  PubSubContext,
  PubSubListener,
  PubSubMessage,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "./pubsub.js";
import { deliver, TopicListeners } from "./topic-listeners.js";

/** The options of `inProcessPubSub`. */
export interface InProcessPubSubOptions {
  /** Messages kept for replay, of all topics together (default 1000; 0 keeps none). */
  readonly maxEvents?: number;
  /** Milliseconds a kept message stays replayable (default one hour). */
  readonly maxAgeMs?: number;
}

const idShape = /^([a-z0-9]+)-(\d{1,15})$/;

/**
 * The default publish/subscribe of an app: one process, no engine. A publish calls the topic's
 * listeners at once, synchronously, as Bun's own pub/sub does. Ids are `<boot>-<counter>`: the
 * boot part is new in every process, so an id from before a restart is told apart (a gap)
 * instead of being mistaken for a newer message. Replay reads a ring of the last `maxEvents`
 * messages; a publish allocates nothing but its id.
 */
class InProcessPubSub implements PubSub {
  readonly #listeners = new TopicListeners();
  readonly #window: PubSubWindow;
  readonly #boot = Math.random().toString(36).slice(2, 8) || "0";
  readonly #prefix = `${this.#boot}-`;
  // The ring: slot `n % capacity` holds message n while it is among the last `capacity`.
  readonly #topics: string[] = [];
  readonly #payloads: string[] = [];
  readonly #times: number[] = [];
  /** The counter of the last message published (0: none yet). */
  #last = 0;
  #logger: Logger | undefined;
  #releaseClock: (() => void) | undefined;
  #closed = false;

  constructor(window: PubSubWindow) {
    this.#window = window;
  }

  open(context: PubSubContext): void {
    this.#logger = context.logger;
    this.#releaseClock ??= holdCoarseClock();
  }

  publish(topic: string, payload: string, meta?: EventMeta): boolean {
    if (this.#closed) return false;
    const n = ++this.#last;
    const capacity = this.#window.maxEvents;
    if (capacity > 0) {
      const slot = n % capacity;
      this.#topics[slot] = topic;
      this.#payloads[slot] = payload;
      this.#times[slot] = coarseNow();
    }
    const listeners = this.#listeners.of(topic);
    if (listeners !== undefined) {
      deliver(listeners, topic, payload, listeners.ids ? this.#prefix + n : "", this.#logger, meta);
    }
    return true;
  }

  subscribe(topic: string, listener: PubSubListener): () => void {
    return this.#listeners.add(topic, listener);
  }

  replay(topic: string, after: string): PubSubReplay {
    const shape = idShape.exec(after);
    if (shape === null) return { messages: [], gap: "malformed" };
    const n = Number(shape[2]);
    if (shape[1] !== this.#boot || n > this.#last) return { messages: [], gap: "unknown" };
    const capacity = this.#window.maxEvents;
    // Messages up to `dropped` left the ring; the aged ones after them count as gone too.
    let kept = Math.max(this.#last - capacity, 0) + 1;
    // Times are up to a tick behind: a message is dropped only when surely older than the window.
    const oldest = Date.now() - this.#window.maxAgeMs - coarseTickMs;
    while (kept <= this.#last && (this.#times[kept % capacity] as number) < oldest) kept++;
    if (n + 1 < kept) return { messages: [], gap: "expired" };
    const messages: PubSubMessage[] = [];
    for (let next = n + 1; next <= this.#last; next++) {
      const slot = next % capacity;
      if (this.#topics[slot] === topic) {
        messages.push({ topic, id: this.#prefix + next, payload: this.#payloads[slot] as string });
      }
    }
    return { messages };
  }

  compare(a: string, b: string): number {
    return Number(a.slice(a.indexOf("-") + 1)) - Number(b.slice(b.indexOf("-") + 1));
  }

  status(): PubSubStatus {
    return {
      engine: "in-process",
      connected: !this.#closed,
      lostPublishes: 0,
      reconnects: 0,
      window: this.#window,
    };
  }

  close(): void {
    this.#closed = true;
    this.#listeners.clear();
    this.#releaseClock?.();
  }
}

const count = (value: unknown, fallback: number, name: string, min: number): number =>
  value === undefined
    ? fallback
    : checkWholeNumber(value, `inProcessPubSub: ${name}`, "INVALID_PUBSUB_OPTION", { min });

/**
 * The in-process publish/subscribe (the default of `createApp`): every publish reaches the
 * subscribers of this process only. Use an engine's adapter (`redisPubSub`, `postgresPubSub`)
 * when the app runs as more than one process.
 */
export function inProcessPubSub(options: InProcessPubSubOptions = {}): PubSub {
  if (options === null || typeof options !== "object") {
    throw invalidValue("INVALID_PUBSUB_OPTION", "inProcessPubSub: options", options, "an object");
  }
  return new InProcessPubSub({
    maxEvents: count(options.maxEvents, 1000, "maxEvents", 0),
    maxAgeMs: count(options.maxAgeMs, 3_600_000, "maxAgeMs", 1),
  });
}
