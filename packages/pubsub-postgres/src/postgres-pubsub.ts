import type { Logger, PubSub, PubSubListener } from "@trellis/core";
import type {
  EventMeta,
  PublishQueueBounds,
  PubSubContext,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "@trellis/core/extend";
import { decodeEventMeta, type PublishQueue, TopicListeners } from "@trellis/core/extend";
import { SQL } from "bun";
import { batchQueue } from "./batch-queue.js";
import { compareEventIds, compareRowIds, epochOf } from "./event-ids.js";
import { EventTable } from "./event-table.js";
import { type PostgresPubSubOptions, readPostgresOptions } from "./postgres-options.js";
import { replayEvents } from "./replay-events.js";

const pageSize = 1000;

/**
 * Publish/subscribe through Postgres (see the README for the design and its reasons). Publishes go
 * through a bounded queue, one statement per batch: insert into the log table and NOTIFY, under an
 * advisory lock so ids commit in order. NOTIFY only wakes readers: each instance then reads the
 * rows after the last id it read, the same query that catches up after a lost connection
 * (`sql.listen` re-listens by itself). Ids are `<epoch>_<row id>`, the epoch being the table's storage.
 */
class PostgresPubSub implements PubSub {
  readonly #table: EventTable;
  readonly #window: PubSubWindow;
  // One connection for publishes: they commit in the order they were made.
  readonly #publisher: SQL;
  readonly #reader: SQL;
  // The reader, or a connection of its own on `listenUrl` (LISTEN is session state).
  readonly #listener: SQL;
  readonly #listeners = new TopicListeners();
  #logger: Logger = console;
  #listening: Promise<{ unlisten(): Promise<void> }> | undefined;
  #cursor: string | undefined;
  // The epoch of the rows read (the table's file node, base 36).
  #epoch: string | undefined;
  readonly #queue: PublishQueue;
  readonly #drainMs: number;
  #fetching: Promise<void> | undefined;
  #again = false;
  #connected = false;
  /** How many times a connection was seen lost: a late answer from before a loss is not an "up". */
  #outages = 0;
  #closed = false;
  #reconnects = 0;
  #listens = 0;
  #lastError: string | undefined;
  #lastTrim = 0;
  readonly #trimEveryMs: number;

  constructor(
    url: string,
    table: string,
    window: PubSubWindow,
    queue: PublishQueueBounds & { drainMs: number },
    listenUrl?: string,
  ) {
    this.#table = new EventTable(table);
    this.#window = window;
    this.#trimEveryMs = Math.min(1000, window.maxAgeMs);
    this.#drainMs = queue.drainMs;
    const onclose = (error: Error | null) => this.#down(error);
    // Unnamed statements: a pooler in transaction mode hands each one to any server connection,
    // where a named one would be missing or already taken ("prepared statement P0 already exists").
    this.#publisher = new SQL(url, { max: 1, onclose, prepare: false });
    this.#reader = new SQL(url, { max: 2, onclose, prepare: false });
    this.#listener =
      listenUrl === undefined
        ? this.#reader
        : new SQL(listenUrl, { max: 1, onclose, prepare: false });
    this.#queue = batchQueue(this.#table, this.#publisher, queue, {
      // A batch that committed just before the connection was lost resolves after the loss is
      // seen: only a batch sent since the last loss says the database answers again.
      stored: (outagesAtSend) => {
        if (outagesAtSend === this.#outages) this.#up();
      },
      // A batch the database did not store in time: down until one sent after it is stored.
      failed: (error) => this.#down(error instanceof Error ? error : new Error(String(error))),
      outages: () => this.#outages,
      logger: () => this.#logger,
    });
  }

  async open(context: PubSubContext): Promise<void> {
    this.#logger = context.logger;
    try {
      await this.#table.create(this.#publisher);
      const ends = await this.#table.ends(this.#reader);
      this.#cursor = ends.last;
      this.#epoch = epochOf(ends.node);
      this.#connected = true;
    } catch (error) {
      this.#lastError = error instanceof Error ? error.message : String(error);
      this.#logger.error(
        "pubsub (postgres): the database is unreachable at startup; retrying in the background (publishes are held, within the queue's bounds, until it answers).",
        error,
      );
    }
    this.#listening ??= this.#listener.listen(
      this.#table.name,
      () => this.#fetch(),
      () => this.#listened(),
    );
    // The first LISTEN is acknowledged (or, with the database down, retried by Bun in the background).
    if (this.#connected) await this.#listening;
  }

  publish(topic: string, payload: string, meta?: EventMeta): boolean {
    if (!this.#queue.push(topic, payload, meta)) return false;
    const now = Date.now();
    if (now - this.#lastTrim >= this.#trimEveryMs) {
      this.#lastTrim = now;
      this.#table.trim(this.#publisher, this.#window).then(undefined, (error: unknown) => {
        if (this.#connected)
          this.#logger.error("pubsub (postgres): trimming the log failed.", error);
      });
    }
    return true;
  }

  subscribe(topic: string, listener: PubSubListener): () => void {
    return this.#listeners.add(topic, listener);
  }

  replay(topic: string, after: string): Promise<PubSubReplay> {
    return replayEvents(this.#table, this.#reader, topic, after, this.#window);
  }

  compare(a: string, b: string): number {
    return compareEventIds(a, b);
  }

  status(): PubSubStatus {
    const connected = this.#connected && !this.#closed;
    return {
      engine: "postgres",
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
    // What is held gets a bounded moment to reach the database; the rest is counted lost and logged.
    await this.#queue.close(this.#drainMs);
    const listening = this.#listening;
    if (listening !== undefined) {
      await listening.then((subscription) => subscription.unlisten()).catch(() => undefined);
    }
    await this.#fetching;
    // In-flight publishes get a moment to commit; reads are cut at once.
    await Promise.all([
      this.#publisher.close({ timeout: 2 }),
      this.#reader.close({ timeout: 0 }),
      this.#listener === this.#reader ? undefined : this.#listener.close({ timeout: 0 }),
    ]);
  }

  /** LISTEN is (re)established: read whatever was missed while it was not. */
  #listened(): void {
    if (this.#listens++ > 0) this.#reconnects++;
    this.#up();
    this.#fetch();
  }

  /** Reads the rows after the cursor and delivers them; a call while reading reads again after. */
  #fetch(): void {
    if (this.#closed) return;
    if (this.#fetching !== undefined) {
      this.#again = true;
      return;
    }
    this.#fetching = this.#drain().finally(() => {
      this.#fetching = undefined;
    });
  }

  async #drain(): Promise<void> {
    try {
      await this.#checkEpoch();
      do {
        this.#again = false;
        let rows: Awaited<ReturnType<EventTable["read"]>>;
        do {
          rows = await this.#table.read(this.#reader, this.#cursor as string, pageSize);
          for (const row of rows) {
            if (this.#closed) return;
            this.#cursor = row.id;
            this.#listeners.deliver(
              row.topic,
              row.payload,
              `${this.#epoch}_${row.id}`,
              this.#logger,
              decodeEventMeta(row.meta),
            );
          }
        } while (rows.length === pageSize);
      } while (this.#again && !this.#closed);
    } catch (error) {
      // The next (re)LISTEN reads again from the cursor.
      if (!this.#closed) this.#down(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Before each read: a table with another storage (truncated, made again, or rewritten by VACUUM
   * FULL) has ids of a new epoch; its ids ending before the cursor were restarted: read from 0.
   */
  async #checkEpoch(): Promise<void> {
    const ends = await this.#table.ends(this.#reader);
    const epoch = epochOf(ends.node);
    if (this.#cursor === undefined) this.#cursor = ends.last;
    else if (epoch !== this.#epoch) {
      this.#logger.error(
        `pubsub (postgres): the table "${this.#table.name}" was truncated, made again or rewritten; clients resuming from older ids get a resync.`,
      );
      if (compareRowIds(ends.last, this.#cursor) < 0) this.#cursor = "0";
    }
    this.#epoch = epoch;
  }

  #down(error: Error | null): void {
    if (this.#closed || error === null) return;
    if (this.#connected) {
      this.#logger.error("pubsub (postgres): lost the database connection; reconnecting.", error);
    }
    this.#connected = false;
    this.#outages++;
    this.#lastError = error.message;
  }

  #up(): void {
    if (this.#closed || this.#connected) return;
    this.#connected = true;
    this.#lastError = undefined;
    (this.#logger.warn ?? this.#logger.error).call(
      this.#logger,
      "pubsub (postgres): the database answers again.",
    );
  }
}

/**
 * Publish/subscribe through Postgres LISTEN/NOTIFY and a log table:
 * `createApp({ pubsub: postgresPubSub({ url }) })`. One publish reaches every instance; ids come
 * from the table's bigserial; `Last-Event-ID` replays from the table. Uses Bun's built-in `Bun.sql`.
 */
export function postgresPubSub(options: PostgresPubSubOptions = {}): PubSub {
  const { url, table, window, queue, listenUrl } = readPostgresOptions(options);
  return new PostgresPubSub(url, table, window, queue, listenUrl);
}
