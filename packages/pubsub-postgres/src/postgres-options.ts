import { checkWholeNumber, invalidValue } from "@trellis/core/extend";

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
  /**
   * Milliseconds each of the adapter's own statements may take (default 5000, at most 600 000):
   * the reads after a NOTIFY, the catch-up and replay reads, LISTEN, the liveness check, trimming
   * and table creation; connecting too (rounded up to seconds). Past it the connection counts as
   * stalled (a paused or partitioned server keeps its socket open and answers nothing): it is
   * dropped, `status()` says down, and a new one reads on from the last delivered id. Publishes
   * have the outage queue's own 5 s deadline.
   */
  readonly statementTimeoutMs?: number;
  /**
   * Milliseconds between two liveness checks of the LISTEN connection (default 5000): a NOTIFY
   * of this instance's own, sent on the reading pool, must come back on the LISTEN connection
   * within `statementTimeoutMs`. A stall is seen within `livenessEveryMs + statementTimeoutMs`.
   */
  readonly livenessEveryMs?: number;
  /**
   * The outage queue: publishes held in this process while the database does not take them,
   * sent in order when it does. `maxEvents` (default 10 000) held at most: a publish past it is
   * refused (`publish` answers false); `maxAgeMs` (default 60 000) the longest one waits: an
   * older one is dropped; `drainMs` (default 2000) how long `close` waits for what is held.
   * Every publish given up is counted in `status().lostPublishes` and logged.
   */
  readonly queue?: {
    readonly maxEvents?: number;
    readonly maxAgeMs?: number;
    readonly drainMs?: number;
  };
}

const tableName = /^[a-z_][a-z0-9_]{0,49}$/;

const whole = (
  value: unknown,
  fallback: number,
  name: string,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number =>
  value === undefined
    ? fallback
    : checkWholeNumber(value, `postgresPubSub: ${name}`, "INVALID_PUBSUB_OPTION", { min, max });

/** The options of `postgresPubSub`, checked. */
export type PostgresSettings = ReturnType<typeof readPostgresOptions>;

/** The options of `postgresPubSub`, checked (a startup error names the one that is wrong). */
export function readPostgresOptions(options: PostgresPubSubOptions) {
  if (options === null || typeof options !== "object") {
    throw invalidValue("INVALID_PUBSUB_OPTION", "postgresPubSub: options", options, "an object");
  }
  const url = options.url ?? process.env.DATABASE_URL;
  if (typeof url !== "string" || url === "") {
    throw invalidValue(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: url",
      url,
      "a postgres:// URL (or set DATABASE_URL)",
    );
  }
  const table = options.table ?? "trellis_events";
  if (typeof table !== "string" || !tableName.test(table)) {
    throw invalidValue(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: table",
      table,
      "lowercase letters, digits and _ (at most 50), starting with a letter or _",
    );
  }
  const { listenUrl } = options;
  if (listenUrl !== undefined && (typeof listenUrl !== "string" || listenUrl === "")) {
    throw invalidValue(
      "INVALID_PUBSUB_OPTION",
      "postgresPubSub: listenUrl",
      listenUrl,
      "a postgres:// URL (a direct connection for LISTEN)",
    );
  }
  const deadlines = {
    timeoutMs: whole(options.statementTimeoutMs, 5000, "statementTimeoutMs", 1, 600_000),
    livenessEveryMs: whole(options.livenessEveryMs, 5000, "livenessEveryMs", 1, 600_000),
  };
  const window = {
    maxEvents: whole(options.maxEvents, 10_000, "maxEvents"),
    maxAgeMs: whole(options.maxAgeMs, 3_600_000, "maxAgeMs"),
  };
  const queue = {
    maxEvents: whole(options.queue?.maxEvents, 10_000, "queue.maxEvents"),
    maxAgeMs: whole(options.queue?.maxAgeMs, 60_000, "queue.maxAgeMs"),
    drainMs: whole(options.queue?.drainMs, 2000, "queue.drainMs", 0),
  };
  return { url, table, window, queue, listenUrl, deadlines };
}
