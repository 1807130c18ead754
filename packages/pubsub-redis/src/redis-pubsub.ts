import type {
  Logger,
  PubSub,
  PubSubContext,
  PubSubListener,
  PubSubMessage,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "@trellis/core";
import { TopicListeners } from "@trellis/core";
import { runPublish } from "./publish-script.js";
import { RedisLink } from "./redis-link.js";
import type { RedisSettings } from "./redis-options.js";
import { entriesOf, messageOf, streamEnds } from "./stream-entries.js";
import { compareStreamIds, isStreamId } from "./stream-ids.js";

const pageSize = 1000;

/**
 * Publish/subscribe through one Redis Stream (see the README for the design and its reasons).
 * A publish is one script call (XADD, then XDEL of what left the window); every instance reads
 * the stream with a blocking XREAD on a connection of its own, from the last id it read, and
 * hands each message to its topic's listeners in this process.
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
  #closed = false;
  #lost = 0;
  #lostInOutage = 0;
  #reconnects = 0;
  #lastError: string | undefined;
  #inFlight = 0;
  #idle: (() => void) | undefined;

  constructor(settings: RedisSettings) {
    const { url, key, window, blockMs, backoff } = settings;
    this.#key = key;
    this.#window = window;
    this.#blockMs = blockMs;
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
        "pubsub (redis): Redis is unreachable at startup; retrying in the background (publishes are lost until it answers).",
      );
    }
    if (reading) {
      try {
        this.#cursor = (await streamEnds(this.#reader.client, this.#key))?.lastGenerated ?? "0-0";
      } catch {
        // The read loop asks again once the connection is back.
      }
    }
    this.#reading ??= this.#read();
  }

  publish(topic: string, payload: string): boolean {
    if (this.#closed) return false;
    if (!this.#publisher.connected) {
      this.#loss(topic, undefined);
      return false;
    }
    const { maxEvents, maxAgeMs } = this.#window;
    this.#inFlight++;
    runPublish(this.#publisher.client, this.#key, topic, payload, maxEvents, maxAgeMs).then(
      () => this.#settled(),
      (error: unknown) => {
        this.#settled();
        this.#loss(topic, error);
      },
    );
    return true;
  }

  subscribe(topic: string, listener: PubSubListener): () => void {
    return this.#listeners.add(topic, listener);
  }

  async replay(topic: string, after: string): Promise<PubSubReplay> {
    if (!isStreamId(after)) return { messages: [], gap: "malformed" };
    const client = this.#publisher.client;
    const messages: PubSubMessage[] = [];
    let from = `(${after}`;
    while (true) {
      const page: [string, string[]][] = await client.send("XRANGE", [
        this.#key,
        from,
        "+",
        "COUNT",
        String(pageSize),
      ]);
      for (const [id, fields] of page) {
        const message = messageOf(fields);
        if (message.topic === topic) messages.push({ topic, id, payload: message.payload });
      }
      const last = page[page.length - 1];
      if (page.length < pageSize || last === undefined) break;
      from = `(${last[0]}`;
    }
    // Read after the range: deletions only ever move forward, so a max deleted id not after
    // `after` now means none of the messages after it had gone while the range was read.
    const ends = await streamEnds(client, this.#key);
    if (ends === undefined || compareStreamIds(after, ends.lastGenerated) > 0) {
      return after === "0-0" && ends === undefined
        ? { messages: [] }
        : { messages: [], gap: "unknown" };
    }
    if (compareStreamIds(after, ends.maxDeleted) < 0) return { messages: [], gap: "expired" };
    return { messages };
  }

  compare(a: string, b: string): number {
    return compareStreamIds(a, b);
  }

  status(): PubSubStatus {
    const connected = this.#publisher.connected && this.#reader.connected;
    return {
      engine: "redis",
      connected,
      lostPublishes: this.#lost,
      reconnects: this.#reconnects,
      ...(connected || this.#lastError === undefined ? {} : { lastError: this.#lastError }),
      window: this.#window,
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    // Publishes on their way get their answer first (a second at most).
    if (this.#inFlight > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
        timer = setTimeout(resolve, 1000);
      });
      clearTimeout(timer);
    }
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
        const reply = await reader.client.send("XREAD", [
          "COUNT",
          String(pageSize),
          "BLOCK",
          String(this.#blockMs),
          "STREAMS",
          this.#key,
          this.#cursor as string,
        ]);
        for (const [id, fields] of entriesOf(reply, this.#key)) {
          if (this.#closed) return;
          this.#cursor = id;
          const { topic, payload } = messageOf(fields);
          this.#listeners.deliver(topic, payload, id, this.#logger);
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

  /** Sets the cursor at startup, and checks it after a reconnection (a reset log starts over). */
  async #placeCursor(): Promise<void> {
    const ends = await streamEnds(this.#reader.client, this.#key);
    this.#checkCursor = false;
    if (this.#cursor === undefined) {
      this.#cursor = ends?.lastGenerated ?? "0-0";
      return;
    }
    if (ends !== undefined && compareStreamIds(ends.lastGenerated, this.#cursor) < 0) {
      this.#logger.error(
        `pubsub (redis): the stream "${this.#key}" was reset (its last id is before the last one read); reading it from its start.`,
      );
      this.#cursor = "0-0";
    }
  }

  #settled(): void {
    if (--this.#inFlight === 0) this.#idle?.();
  }

  #loss(topic: string, error: unknown): void {
    if (this.#closed) return;
    this.#lost++;
    if (++this.#lostInOutage === 1) {
      this.#logger.error(
        `pubsub (redis): a publish to "${topic}" did not reach Redis and is lost; further losses are counted (status().lostPublishes) until it answers again.`,
        ...(error === undefined ? [] : [error]),
      );
    }
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
    let lost = "";
    if (role === "publishing") {
      lost = `; ${this.#lostInOutage} publishes were lost while Redis was unreachable`;
      this.#lostInOutage = 0;
    }
    (this.#logger.warn ?? this.#logger.error).call(
      this.#logger,
      `pubsub (redis): the ${role} connection is back${lost}.`,
    );
  }
}
