import type { Logger, PubSub, PubSubListener } from "@trellis/core";
import type {
  EventMeta,
  PubSubContext,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "@trellis/core/extend";
import { decodeEventMeta, type PublishQueue, TopicListeners } from "@trellis/core/extend";
import type { SQL } from "bun";
import { batchQueue } from "./batch-queue.js";
import { DeadlinePool } from "./deadline-pool.js";
import { compareEventIds, compareRowIds, epochOf } from "./event-ids.js";
import { EventTable } from "./event-table.js";
import { ListenLink } from "./listen-link.js";
import { isProbe, LivenessProbe } from "./liveness-probe.js";
import {
  type PostgresPubSubOptions,
  type PostgresSettings,
  readPostgresOptions,
} from "./postgres-options.js";
import { replayEvents } from "./replay-events.js";

const pageSize = 1000;

/**
 * Publish/subscribe through Postgres (see the README for the design and its reasons). Publishes go
 * through a bounded queue, one statement per batch: insert into the log table and NOTIFY, under an
 * advisory lock so ids commit in order. NOTIFY only wakes readers: each instance then reads the
 * rows after the last id it read, the same query that catches up after a lost connection
 * (`sql.listen` re-listens by itself). Every read has a deadline, and a liveness check of the LISTEN
 * connection tells a quiet log from a stalled server. Ids are `<epoch>_<row id>`, the epoch being
 * the table's storage.
 */
class PostgresPubSub implements PubSub {
  readonly #table: EventTable;
  readonly #window: PubSubWindow;
  // One connection for publishes: they commit in the order they were made.
  readonly #publisher: DeadlinePool;
  readonly #reader: DeadlinePool;
  // On `listenUrl` when given (LISTEN is session state, which a transaction pooler does not keep).
  readonly #listen: ListenLink;
  readonly #probe: LivenessProbe;
  /** `#outages` when the running liveness check was sent. */
  #outagesAtProbe = 0;
  readonly #listeners = new TopicListeners();
  #logger: Logger = console;
  #opened = false;
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

  constructor(settings: PostgresSettings) {
    const { url, table, window, queue, listenUrl, deadlines } = settings;
    const { timeoutMs, livenessEveryMs } = deadlines;
    this.#table = new EventTable(table);
    this.#window = window;
    this.#trimEveryMs = Math.min(1000, window.maxAgeMs);
    this.#drainMs = queue.drainMs;
    const lost = (error: Error) => this.#down(error);
    this.#publisher = new DeadlinePool(url, 1, timeoutMs, lost);
    this.#reader = new DeadlinePool(url, 2, timeoutMs, lost);
    this.#listen = new ListenLink(listenUrl ?? url, table, timeoutMs, {
      notified: (payload) => (isProbe(payload) ? this.#probe.heard(payload) : this.#fetch()),
      listened: () => this.#listened(),
      lost,
    });
    this.#probe = new LivenessProbe(livenessEveryMs, timeoutMs, {
      send: (payload) => {
        this.#outagesAtProbe = this.#outages;
        return this.#reader.within((sql) =>
          sql.unsafe("SELECT pg_notify($1, $2)", [table, payload]),
        );
      },
      answered: () => {
        // Down since a failed read, the path works again: read what that read missed.
        if (this.#connected || this.#outagesAtProbe !== this.#outages) return;
        this.#up();
        this.#fetch();
      },
      missed: (error) => {
        this.#down(error);
        // Stalled while it seemed fine: cut it and listen anew (then read on from the cursor).
        if (this.#listen.acknowledged) this.#listen.drop();
      },
    });
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
      await this.#publisher.within((sql) => this.#table.create(sql));
      const ends = await this.#reader.within((sql) => this.#table.ends(sql));
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
    if (this.#opened) return;
    this.#opened = true;
    // The first LISTEN is acknowledged (or, with the database down, retried in the background).
    const listening = this.#listen.start();
    if (this.#connected) await listening;
    this.#probe.start();
  }

  publish(topic: string, payload: string, meta?: EventMeta): boolean {
    if (!this.#queue.push(topic, payload, meta)) return false;
    const now = Date.now();
    if (now - this.#lastTrim >= this.#trimEveryMs) {
      this.#lastTrim = now;
      const trim = (sql: SQL) => this.#table.trim(sql, this.#window);
      this.#publisher.within(trim).then(undefined, (error: unknown) => {
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
    return this.#reader.within((sql) => replayEvents(this.#table, sql, topic, after, this.#window));
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
    this.#probe.stop();
    // What is held gets a bounded moment to reach the database; the rest is counted lost and logged.
    await this.#queue.close(this.#drainMs);
    await this.#listen.close();
    await this.#fetching;
    // In-flight publishes get a moment to commit; reads are cut at once.
    await Promise.all([this.#publisher.close(2), this.#reader.close(0)]);
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
          const after = this.#cursor as string;
          rows = await this.#reader.within((sql) => this.#table.read(sql, after, pageSize));
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
      // The next (re)LISTEN, or liveness check, reads again from the cursor.
      if (!this.#closed) this.#down(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * Before each read: a table with another storage (truncated, made again, or rewritten by VACUUM
   * FULL) has ids of a new epoch; its ids ending before the cursor were restarted: read from 0.
   */
  async #checkEpoch(): Promise<void> {
    const ends = await this.#reader.within((sql) => this.#table.ends(sql));
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

  #down(error: Error): void {
    if (this.#closed) return;
    if (this.#connected) {
      this.#logger.error("pubsub (postgres): lost the database connection; reconnecting.", error);
    }
    // The outage's cause: what fails after it (the dropped connection closing) does not replace it.
    if (this.#connected || this.#lastError === undefined) this.#lastError = error.message;
    this.#connected = false;
    this.#outages++;
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
  return new PostgresPubSub(readPostgresOptions(options));
}
