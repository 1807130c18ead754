import type { Logger, PubSub, PubSubListener } from "@trellis/core";
import { EngineUnavailableError } from "@trellis/core";
import type {
  EventMeta,
  PubSubContext,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
  QueuedPublish,
} from "@trellis/core/extend";
import {
  decodeEventMeta,
  engineDeadline,
  PublishQueue,
  TopicListeners,
} from "@trellis/core/extend";
import { type BatchTarget, runBatch } from "./publish-script.js";
import { RedisLink } from "./redis-link.js";
import type { RedisSettings } from "./redis-options.js";
import { replayStream } from "./redis-replay.js";
import { currentEpoch, entriesOf, epochKey, messageOf, streamEnds } from "./stream-entries.js";
import { compareEventIds, compareStreamIds } from "./stream-ids.js";

// How long past `blockMs` a blocking read may take before its connection counts as stalled.
const readGraceMs = 5000;
const pageSize = 1000;

/**
 * Publish/subscribe through one Redis Stream (see the README for the design and its reasons).
 * Publishes go through a bounded queue, one script call per batch (XADD each, then XDEL of what
 * left the window), so an outage holds them and a retry keeps their order; every instance reads
 * the stream with a blocking XREAD on a connection of its own, from the last id it read, and
 * hands each message to its topic's listeners in this process. Ids are `<epoch>_<stream id>`.
 */
export class RedisPubSub implements PubSub {
  readonly #key: string;
  readonly #window: PubSubWindow;
  readonly #blockMs: number;
  readonly #publisher: RedisLink;
  readonly #reader: RedisLink;
  readonly #listeners = new TopicListeners();
  #logger: Logger = console;
  #cursor: string | undefined;
  #checkCursor = false;
  #reading: Promise<void> | undefined;
  // The epoch of the last message read (or of the stream when the reader started).
  #epoch: string | undefined;
  #closed = false;
  #reconnects = 0;
  #lastError: string | undefined;
  readonly #queue: PublishQueue;
  readonly #drainMs: number;

  constructor(settings: RedisSettings) {
    const { url, key, window, blockMs, backoff, queue } = settings;
    this.#key = key;
    this.#window = window;
    this.#blockMs = blockMs;
    this.#drainMs = queue.drainMs;
    const target: BatchTarget = {
      stream: key,
      epoch: epochKey(key),
      // Each instance marks what it stored, under a name of its own, for as long as it may retry.
      mark: `${key}:publisher:${crypto.randomUUID()}`,
      markLifetimeMs: Math.max(60_000, 2 * queue.maxAgeMs),
      ...window,
    };
    this.#queue = new PublishQueue(
      queue,
      {
        engine: "redis",
        connected: () => this.#publisher.connected,
        send: async (batch: readonly QueuedPublish[]) => {
          await runBatch(this.#publisher.client, target, batch);
        },
        // No answer within the queue's deadline: the connection stalled (a paused or partitioned
        // server keeps it open). A new one is made; the retry skips what the old one stored.
        failed: (error) => {
          if (error instanceof EngineUnavailableError) this.#publisher.drop(error);
        },
      },
      () => this.#logger,
    );
    this.#publisher = new RedisLink(url, backoff, {
      down: (error) => this.#down("publishing", error),
      up: () => this.#up("publishing"),
    });
    this.#reader = new RedisLink(url, backoff, {
      down: (error) => this.#down("reading", error),
      up: () => {
        this.#checkCursor = true;
        this.#up("reading");
      },
    });
  }

  async open(context: PubSubContext): Promise<void> {
    this.#logger = context.logger;
    const [reading, publishing] = await Promise.all([
      this.#reader.tryOnce(),
      this.#publisher.tryOnce(),
    ]);
    if (!reading || !publishing) {
      this.#lastError = "Redis is unreachable";
      this.#logger.error(
        "pubsub (redis): Redis is unreachable at startup; retrying in the background (publishes are held, within the queue's bounds, until it answers).",
      );
    }
    if (reading) {
      try {
        await this.#placeCursor();
      } catch {
        // The read loop asks again once the connection is back.
      }
    }
    this.#reading ??= this.#read();
  }

  publish(topic: string, payload: string, meta?: EventMeta): boolean {
    return this.#queue.push(topic, payload, meta);
  }

  subscribe(topic: string, listener: PubSubListener): () => void {
    return this.#listeners.add(topic, listener);
  }

  replay(topic: string, after: string): Promise<PubSubReplay> {
    return replayStream(this.#publisher.client, this.#key, topic, after);
  }

  compare(a: string, b: string): number {
    return compareEventIds(a, b);
  }

  status(): PubSubStatus {
    const connected = this.#publisher.connected && this.#reader.connected;
    return {
      engine: "redis",
      connected,
      lostPublishes: this.#queue.lost,
      queued: this.#queue.size,
      reconnects: this.#reconnects,
      ...(connected || this.#lastError === undefined ? {} : { lastError: this.#lastError }),
      window: this.#window,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    // What is held gets a bounded moment to reach Redis; the rest is counted lost and logged.
    await this.#queue.close(this.#drainMs);
    this.#publisher.close();
    this.#reader.close();
    await this.#reading;
  }

  /** Reads the stream from the cursor until closed; a lost connection resumes from the cursor. */
  async #read(): Promise<void> {
    const reader = this.#reader;
    while (!this.#closed) {
      await reader.connect();
      if (this.#closed) return;
      try {
        if (this.#cursor === undefined || this.#checkCursor) await this.#placeCursor();
        const reply = await this.#readWithin(
          reader.client.send("XREAD", [
            "COUNT",
            String(pageSize),
            "BLOCK",
            String(this.#blockMs),
            "STREAMS",
            this.#key,
            this.#cursor as string,
          ]),
        );
        for (const [id, fields] of entriesOf(reply, this.#key)) {
          if (this.#closed) return;
          this.#cursor = id;
          const { topic, payload, epoch, meta } = messageOf(fields);
          if (epoch !== undefined && epoch !== this.#epoch) this.#newEpoch(epoch);
          const eventId = this.#epoch === undefined ? id : `${this.#epoch}_${id}`;
          this.#listeners.deliver(topic, payload, eventId, this.#logger, decodeEventMeta(meta));
        }
      } catch (error) {
        if (this.#closed) return;
        // A lost connection is reconnected by the link; any other failure is logged and retried.
        if (reader.connected) {
          this.#logger.error("pubsub (redis): reading the stream failed; retrying.", error);
          await reader.pause(1000);
        }
      }
    }
  }

  /**
   * A blocking read answers within `blockMs` (empty when nothing came); one that has not answered
   * 5 s later is on a stalled connection, which is dropped: the loop reads on from the cursor on a
   * new one, and the status says the engine is down meanwhile.
   */
  #readWithin(reading: Promise<unknown>): Promise<unknown> {
    const reader = this.#reader;
    const ms = this.#blockMs + readGraceMs;
    return engineDeadline(
      reading,
      "redis",
      ms,
      (error) => reader.drop(error),
      "a stream read had no answer",
    );
  }

  /**
   * Sets the cursor at startup, and checks it after a reconnection: a stream with another epoch
   * (or none) was lost and made again, and is read from its start.
   */
  async #placeCursor(): Promise<void> {
    const client = this.#reader.client;
    const [ends, epoch] = await Promise.all([
      streamEnds(client, this.#key),
      currentEpoch(client, this.#key),
    ]);
    this.#checkCursor = false;
    if (this.#cursor === undefined) {
      this.#cursor = ends?.lastGenerated ?? "0-0";
      this.#epoch = epoch;
      return;
    }
    const reset =
      ends === undefined ||
      (epoch !== undefined && this.#epoch !== undefined && epoch !== this.#epoch) ||
      compareStreamIds(ends.lastGenerated, this.#cursor) < 0;
    if (reset && this.#cursor !== "0-0") {
      this.#logger.error(
        `pubsub (redis): the stream "${this.#key}" was lost or reset (Redis lost its data?); reading the new one from its start. Clients resuming from older ids get a resync.`,
      );
      this.#cursor = "0-0";
      // The new stream's first message brings its epoch.
      this.#epoch = undefined;
    }
    if (epoch !== undefined) this.#epoch = epoch;
  }

  #newEpoch(epoch: string): void {
    if (this.#epoch !== undefined) {
      this.#logger.error(
        `pubsub (redis): the stream "${this.#key}" has a new epoch (its data was lost); clients resuming from older ids get a resync.`,
      );
    }
    this.#epoch = epoch;
  }

  #down(role: string, error: unknown): void {
    if (this.#closed) return;
    this.#lastError = error instanceof Error ? error.message : String(error);
    this.#logger.error(`pubsub (redis): lost the ${role} connection; reconnecting.`, error);
  }

  #up(role: string): void {
    if (this.#closed) return;
    this.#reconnects++;
    this.#lastError = undefined;
    (this.#logger.warn ?? this.#logger.error).call(
      this.#logger,
      `pubsub (redis): the ${role} connection is back.`,
    );
  }
}
