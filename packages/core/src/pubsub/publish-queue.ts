import { engineDeadline } from "../errors/engine-deadline.js";
import type { Logger } from "../errors/logger.js";
import type { EventMeta } from "./pubsub.js";

/** One accepted publish waiting for the engine; `seq` increases by one per publish of a queue. */
export interface QueuedPublish {
  readonly topic: string;
  readonly payload: string;
  readonly seq: number;
  /** `Date.now()` when it was accepted. */
  readonly at: number;
  /** Where it came from (the publishing request), when known. */
  readonly meta?: EventMeta;
}

/** How much a queue holds while its engine is unreachable; past either bound a publish is lost. */
export interface PublishQueueBounds {
  /** Publishes held at most; a publish past it is refused (`publish` answers false). */
  readonly maxEvents: number;
  /** Milliseconds a publish may wait; an older one is dropped. */
  readonly maxAgeMs: number;
}

/** Where a queue sends its publishes: one engine connection. */
export interface PublishQueueTarget {
  /** The engine's name in log lines (`redis`, `postgres`). */
  readonly engine: string;
  /** False while the engine is known unreachable (the queue then waits instead of sending). */
  connected(): boolean;
  /**
   * Stores `batch` in the engine, in its order, resolving once it is stored. A batch that rejects
   * is sent again with the same `seq`s: an engine that may have stored it (an answer lost on
   * its way) skips the `seq`s it already has.
   */
  send(batch: readonly QueuedPublish[]): Promise<void>;
  /**
   * Told of each send that rejected or had no answer within the queue's deadline (then an
   * `EngineUnavailableError`: a stalled server keeps its socket open and answers nothing, so no
   * connection event says so).
   */
  failed?(error: unknown): void;
}

const maxBatch = 512;
const pollMs = 100;
const maxBackoffMs = 1000;
const sendTimeoutMs = 5000;

/**
 * Accepted publishes on their way to the engine, in order, one batch at a time (so a retry can
 * never overtake a later publish). While the engine is unreachable it holds them, within
 * `bounds`, and sends them when it answers again. Every publish it gives up is counted in
 * `lost` and logged: the first of an outage at once, the totals when the engine is back.
 */
export class PublishQueue {
  readonly #bounds: PublishQueueBounds;
  readonly #target: PublishQueueTarget;
  readonly #logger: () => Logger;
  #items: QueuedPublish[] = [];
  #head = 0;
  #seq = 0;
  #pumping: Promise<void> | undefined;
  #closed = false;
  #deadline = Number.POSITIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wake: (() => void) | undefined;
  #lost = 0;
  // The current outage: since the first publish that could not be sent at once.
  #outage = false;
  #lostInOutage = 0;
  #sentInOutage = 0;

  constructor(bounds: PublishQueueBounds, target: PublishQueueTarget, logger: () => Logger) {
    this.#bounds = bounds;
    this.#target = target;
    this.#logger = logger;
  }

  /** Publishes given up so far (refused when full, dropped when too old, or left at close). */
  get lost(): number {
    return this.#lost;
  }

  /** Publishes accepted and not yet stored by the engine. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  /** Accepts a publish (true) or refuses it because the queue is full or closed (false, counted). */
  push(topic: string, payload: string, meta?: EventMeta): boolean {
    if (this.#closed) return false;
    const now = Date.now();
    this.#expire(now);
    if (this.size >= this.#bounds.maxEvents) {
      this.#lose(1, topic, `the queue holds ${this.#bounds.maxEvents} publishes already`);
      return false;
    }
    const seq = ++this.#seq;
    this.#items.push(
      meta === undefined
        ? { topic, payload, seq, at: now }
        : { topic, payload, seq, at: now, meta },
    );
    // Publishes of the same tick go in one batch: the pump starts after them.
    if (this.#pumping === undefined) this.#start(Promise.resolve());
    return true;
  }

  /**
   * Stops accepting and sends what it holds for at most `timeoutMs`; what is left then is counted
   * lost and logged. Idempotent.
   */
  async close(timeoutMs: number): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      this.#deadline = Date.now() + timeoutMs;
      // A wait for the engine ends now when it cannot answer before the deadline.
      if (!this.#target.connected()) this.#deadline = Date.now();
      this.#rouse();
    }
    while (this.#pumping !== undefined) await this.#pumping;
    const left = this.size;
    if (left > 0) {
      const { topic } = this.#items[this.#head] as QueuedPublish;
      this.#items = [];
      this.#head = 0;
      this.#lose(left, topic, "the adapter closed before the engine stored them");
    }
  }

  #start(after: Promise<void>): void {
    this.#pumping = after
      .then(() => this.#pump())
      .finally(() => {
        this.#pumping = undefined;
        // A publish accepted while the pump was ending.
        if (this.size > 0 && Date.now() < this.#deadline) this.#start(Promise.resolve());
      });
  }

  async #pump(): Promise<void> {
    let backoff = 50;
    while (this.size > 0) {
      if (Date.now() >= this.#deadline) return;
      this.#expire(Date.now());
      if (this.size === 0) break;
      if (!this.#target.connected()) {
        this.#enterOutage(undefined);
        await this.#sleep(pollMs);
        continue;
      }
      const end = Math.min(this.#items.length, this.#head + maxBatch);
      const batch = this.#items.slice(this.#head, end);
      try {
        await this.#bounded(this.#target.send(batch));
        if (this.#outage) this.#sentInOutage += batch.length;
        // The outage ends with the engine storing the last one held.
        if (end === this.#items.length) this.#leaveOutage();
        this.#items.fill(undefined as never, this.#head, end);
        this.#head = end;
        if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
          this.#items = this.#items.slice(this.#head);
          this.#head = 0;
        }
        backoff = 50;
      } catch (error) {
        this.#target.failed?.(error);
        this.#enterOutage(error);
        await this.#sleep(backoff);
        backoff = Math.min(backoff * 2, maxBackoffMs);
      }
    }
  }

  /** Drops the held publishes older than the age bound, from the oldest. */
  #expire(now: number): void {
    const cutoff = now - this.#bounds.maxAgeMs;
    let dropped = 0;
    let topic = "";
    while (this.#head < this.#items.length) {
      const item = this.#items[this.#head] as QueuedPublish;
      if (item.at > cutoff) break;
      if (dropped === 0) topic = item.topic;
      this.#items[this.#head++] = undefined as never;
      dropped++;
    }
    if (dropped > 0) {
      this.#lose(dropped, topic, `they waited longer than ${this.#bounds.maxAgeMs} ms`);
    }
  }

  #lose(count: number, topic: string, why: string): void {
    this.#lost += count;
    this.#outage = true;
    const first = this.#lostInOutage === 0;
    this.#lostInOutage += count;
    if (!first && !this.#closed) return;
    const what =
      count === 1
        ? `a publish to "${topic}"`
        : `${count} publishes${topic === undefined ? "" : ` (to "${topic}", ...)`}`;
    this.#logger().error(
      `pubsub (${this.#target.engine}): ${what} did not reach the engine and ${count === 1 ? "is" : "are"} lost (${why}); further losses are counted (status().lostPublishes) until it answers again.`,
    );
  }

  #enterOutage(error: unknown): void {
    if (this.#outage) return;
    this.#outage = true;
    const { maxEvents, maxAgeMs } = this.#bounds;
    this.#logger().error(
      `pubsub (${this.#target.engine}): the engine does not take publishes; holding them (at most ${maxEvents}, for at most ${maxAgeMs} ms) to send in order when it answers.`,
      ...(error === undefined ? [] : [error]),
    );
  }

  #leaveOutage(): void {
    if (!this.#outage) return;
    const logger = this.#logger();
    (logger.warn ?? logger.error).call(
      logger,
      `pubsub (${this.#target.engine}): the engine takes publishes again; ${this.#sentInOutage} held publishes were sent in order, ${this.#lostInOutage} publishes were lost.`,
    );
    this.#outage = false;
    this.#lostInOutage = 0;
    this.#sentInOutage = 0;
  }

  /** A send that does not answer within `sendTimeoutMs` (or by the close deadline) counts as failed. */
  #bounded(sending: Promise<void>): Promise<void> {
    const ms = Math.max(Math.min(sendTimeoutMs, this.#deadline - Date.now()), 0);
    return engineDeadline(sending, this.#target.engine, ms);
  }

  #sleep(milliseconds: number): Promise<void> {
    if (this.#closed) milliseconds = Math.min(milliseconds, this.#deadline - Date.now());
    if (milliseconds <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, milliseconds);
    });
  }

  #rouse(): void {
    clearTimeout(this.#timer);
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
