import type {
  Logger,
  PubSub,
  PubSubContext,
  PubSubListener,
  PubSubReplay,
  PubSubStatus,
  PubSubWindow,
} from "@trellis/core";
import { checkWholeNumber, TopicListeners, TrellisConfigError } from "@trellis/core";
import { SQL } from "bun";
import { compareEventIds, isEventId } from "./event-ids.js";
import { EventTable } from "./event-table.js";

/** The options of `postgresPubSub`. */
export interface PostgresPubSubOptions {
  /** The database (`postgres://...`); default `DATABASE_URL`. */
  readonly url?: string;
  /**
   * The table every topic shares (default `trellis_events`; also the NOTIFY channel, and
   * `<table>_trimmed` beside it): one log per app. Lowercase letters, digits and `_`.
   */
  readonly table?: string;
  /** Messages kept for replay, of all topics together (default 10 000). */
  readonly maxEvents?: number;
  /** Milliseconds a message stays replayable (default one hour). */
  readonly maxAgeMs?: number;
  /**
   * The database for LISTEN, when `url` goes through a pooler in transaction mode (PgBouncer's
   * `pool_mode = transaction`), which cannot keep a LISTEN: a direct connection to Postgres, or
   * one through a session-mode pool. Default: `url`. One more connection per instance.
   */
  readonly listenUrl?: string;
}

const pageSize = 1000;
const tableName = /^[a-z_][a-z0-9_]{0,49}$/;

/**
 * Publish/subscribe through Postgres (see the README for the design and its reasons). A publish is
 * one statement: insert into the log table and NOTIFY, under an advisory lock so ids commit in
 * order. NOTIFY only wakes readers: each instance then reads the rows after the last id it read,
 * the same query that catches up after a lost connection (`sql.listen` re-listens by itself).
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
  #fetching: Promise<void> | undefined;
  #again = false;
  #connected = false;
  #closed = false;
  #lost = 0;
  #lostInOutage = 0;
  #reconnects = 0;
  #listens = 0;
  #lastError: string | undefined;
  #lastTrim = 0;
  readonly #trimEveryMs: number;

  constructor(url: string, table: string, window: PubSubWindow, listenUrl?: string) {
    this.#table = new EventTable(table);
    this.#window = window;
    this.#trimEveryMs = Math.min(1000, window.maxAgeMs);
    const onclose = (error: Error | null) => this.#down(error);
    // Unnamed statements: a pooler in transaction mode hands each one to any server connection,
    // where a named one would be missing or already taken ("prepared statement P0 already exists").
    this.#publisher = new SQL(url, { max: 1, onclose, prepare: false });
    this.#reader = new SQL(url, { max: 2, onclose, prepare: false });
    this.#listener =
      listenUrl === undefined
        ? this.#reader
        : new SQL(listenUrl, { max: 1, onclose, prepare: false });
  }

  async open(context: PubSubContext): Promise<void> {
    this.#logger = context.logger;
    try {
      await this.#table.create(this.#publisher);
      this.#cursor = await this.#table.last(this.#reader);
      this.#connected = true;
    } catch (error) {
      this.#lastError = error instanceof Error ? error.message : String(error);
      this.#logger.error(
        "pubsub (postgres): the database is unreachable at startup; retrying in the background (publishes are lost until it answers).",
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

  publish(topic: string, payload: string): boolean {
    if (this.#closed) return false;
    this.#table.publish(this.#publisher, topic, payload).then(
      () => this.#up(),
      (error: unknown) => this.#loss(topic, error),
    );
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

  async replay(topic: string, after: string): Promise<PubSubReplay> {
    if (!isEventId(after)) return { messages: [], gap: "malformed" };
    const found = await this.#table.replay(this.#reader, topic, after, this.#window);
    if (compareEventIds(after, found.newest) > 0) return { messages: [], gap: "unknown" };
    if (compareEventIds(after, found.gone) < 0) return { messages: [], gap: "expired" };
    return { messages: found.messages.map(([id, payload]) => ({ topic, id, payload })) };
  }

  compare(a: string, b: string): number {
    return compareEventIds(a, b);
  }

  status(): PubSubStatus {
    const connected = this.#connected && !this.#closed;
    return {
      engine: "postgres",
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
      this.#cursor ??= await this.#table.last(this.#reader);
      do {
        this.#again = false;
        let rows: { id: string; topic: string; payload: string }[];
        do {
          rows = await this.#table.read(this.#reader, this.#cursor, pageSize);
          for (const row of rows) {
            if (this.#closed) return;
            this.#cursor = row.id;
            this.#listeners.deliver(row.topic, row.payload, row.id, this.#logger);
          }
        } while (rows.length === pageSize);
      } while (this.#again && !this.#closed);
    } catch (error) {
      // The next (re)LISTEN reads again from the cursor.
      if (!this.#closed) this.#down(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #loss(topic: string, error: unknown): void {
    if (this.#closed) return;
    this.#lost++;
    this.#down(error instanceof Error ? error : new Error(String(error)));
    if (++this.#lostInOutage === 1) {
      this.#logger.error(
        `pubsub (postgres): a publish to "${topic}" did not reach the database and is lost; further losses are counted (status().lostPublishes) until it answers again.`,
        error,
      );
    }
  }

  #down(error: Error | null): void {
    if (this.#closed || error === null) return;
    if (this.#connected) {
      this.#logger.error("pubsub (postgres): lost the database connection; reconnecting.", error);
    }
    this.#connected = false;
    this.#lastError = error.message;
  }

  #up(): void {
    if (this.#closed || this.#connected) return;
    this.#connected = true;
    this.#lastError = undefined;
    const lost = this.#lostInOutage;
    this.#lostInOutage = 0;
    (this.#logger.warn ?? this.#logger.error).call(
      this.#logger,
      `pubsub (postgres): the database answers again; ${lost} publishes were lost while it did not.`,
    );
  }
}

const whole = (value: unknown, fallback: number, name: string): number =>
  value === undefined
    ? fallback
    : checkWholeNumber(value, `postgresPubSub: ${name}`, "INVALID_PUBSUB_OPTION");

/**
 * Publish/subscribe through Postgres LISTEN/NOTIFY and a log table:
 * `createApp({ pubsub: postgresPubSub({ url }) })`. One publish reaches every instance; ids come
 * from the table's bigserial; `Last-Event-ID` replays from the table. Uses Bun's built-in `Bun.sql`.
 */
export function postgresPubSub(options: PostgresPubSubOptions = {}): PubSub {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url === undefined || url === "") {
    throw new TrellisConfigError(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: give a url (or set DATABASE_URL).",
    );
  }
  const table = options.table ?? "trellis_events";
  if (!tableName.test(table)) {
    throw new TrellisConfigError(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: table must be lowercase letters, digits and _ (at most 50), starting with a letter or _.",
    );
  }
  const { listenUrl } = options;
  if (listenUrl !== undefined && (typeof listenUrl !== "string" || listenUrl === "")) {
    throw new TrellisConfigError(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: listenUrl must be a postgres:// URL (a direct connection for LISTEN).",
    );
  }
  return new PostgresPubSub(
    url,
    table,
    {
      maxEvents: whole(options.maxEvents, 10_000, "maxEvents"),
      maxAgeMs: whole(options.maxAgeMs, 3_600_000, "maxAgeMs"),
    },
    listenUrl,
  );
}
