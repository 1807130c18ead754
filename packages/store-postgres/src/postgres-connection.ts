import { EngineUnavailableError, isEngineUnavailable } from "@trellis/core";
import { engineDeadline } from "@trellis/core/extend";
import { SQL } from "bun";

/** How a store reaches Postgres: a pool of the app's own, or a URL the store opens a pool to. */
export interface PostgresStoreOptions {
  /**
   * A Bun `SQL` pool to share (one pool for every store of an instance keeps its connections
   * few); the app never closes it. Behind PgBouncer in transaction mode, make it with
   * `prepare: false`. Without it the store opens its own pool to `url`, and closes it with the app.
   */
  readonly sql?: SQL;
  /** The database (`postgres://...`); default `DATABASE_URL`. */
  readonly url?: string;
  /**
   * The table the store keeps its rows in (default `trellis_rate_limits`, `trellis_idempotency`,
   * `trellis_api_keys`), created on first use. Lowercase letters, digits and `_`.
   */
  readonly table?: string;
  /** Connections of the store's own pool (default 2; ignored with `sql`). */
  readonly max?: number;
  /**
   * Named prepared statements on the store's own pool (default false: every statement is sent
   * unnamed, which PgBouncer in transaction mode requires and costs one parse per statement).
   */
  readonly prepare?: boolean;
  /**
   * How expired rows are deleted: at most `batch` rows (default 500) per statement, at most one
   * statement per `everyMs` (default 10 000) per store, started by the store's own calls.
   */
  readonly cleanup?: { readonly batch?: number; readonly everyMs?: number };
  /**
   * Milliseconds a store call may take, waiting for a connection included (default 2000, at most
   * 600 000). Past it the call fails as the engine being unavailable, and the request is answered
   * by its feature's outage policy: a stalled server (sockets open, nothing answered) costs a
   * request this long, never a hang. On the store's own pool the stalled connections are then
   * dropped, so a server that never answers them cannot hold the pool.
   */
  readonly statementTimeoutMs?: number;
}

/** Said of a store on a health check: `indicators: { rateLimitStore: () => store.ping() }`. */
export interface PostgresStore {
  /** True when the database answers `SELECT 1` within the store's deadline. */
  ping(): Promise<boolean>;
}

const tableName = /^[a-z_][a-z0-9_]{0,49}$/;

/**
 * One store's pool and table: the table is created on the first statement (once per process, one
 * instance at a time under an advisory lock); a failed creation is tried again on the next call.
 */
export class PostgresConnection {
  #sql: SQL;
  /** The quoted table name, a checked identifier (safe to splice into statements). */
  readonly table: string;
  /** The cleanup settings, checked. */
  readonly cleanup: { readonly batch: number; readonly everyMs: number };
  /** The deadline of each call, checked. */
  readonly timeoutMs: number;
  /** Opens the store's own pool; undefined: the pool is shared (never closed or replaced here). */
  private readonly open: (() => SQL) | undefined;
  private created: Promise<void> | undefined;

  constructor(
    options: PostgresStoreOptions,
    defaultTable: string,
    caller: string,
    private readonly ddl: (table: string) => readonly string[],
  ) {
    if (options === null || typeof options !== "object") {
      throw new TypeError(`${caller}: the options must be an object.`);
    }
    const {
      sql,
      table = defaultTable,
      max = 2,
      prepare = false,
      statementTimeoutMs = 2000,
    } = options;
    if (typeof table !== "string" || !tableName.test(table)) {
      throw new TypeError(
        `${caller}: table must be lowercase letters, digits and _ (at most 50), starting with a letter or _.`,
      );
    }
    if (sql !== undefined && typeof (sql as { unsafe?: unknown }).unsafe !== "function") {
      throw new TypeError(`${caller}: sql must be a Bun SQL pool (new SQL(url)).`);
    }
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new TypeError(`${caller}: max must be a whole number of connections from 1.`);
    }
    const { batch = 500, everyMs = 10_000 } = options.cleanup ?? {};
    if (
      !Number.isSafeInteger(batch) ||
      batch < 1 ||
      !Number.isSafeInteger(everyMs) ||
      everyMs < 0
    ) {
      throw new TypeError(`${caller}: cleanup is { batch?: rows from 1, everyMs?: milliseconds }.`);
    }
    if (
      typeof statementTimeoutMs !== "number" ||
      !Number.isFinite(statementTimeoutMs) ||
      statementTimeoutMs <= 0 ||
      statementTimeoutMs > 600_000
    ) {
      throw new TypeError(
        `${caller}: statementTimeoutMs must be a number of milliseconds above 0 and at most 600000.`,
      );
    }
    this.timeoutMs = statementTimeoutMs;
    this.cleanup = { batch, everyMs };
    const url = options.url ?? process.env.DATABASE_URL;
    if (sql === undefined && (url === undefined || url === "")) {
      throw new TypeError(`${caller}: give a url or an sql pool (or set DATABASE_URL).`);
    }
    this.table = `"${table}"`;
    this.open =
      sql === undefined
        ? () => new SQL(url as string, { max, prepare, connectionTimeout: 5, idleTimeout: 30 })
        : undefined;
    this.#sql = sql ?? (this.open as () => SQL)();
  }

  /** The pool statements go to now (the store's own pool is made anew after a stall). */
  get sql(): SQL {
    return this.#sql;
  }

  /** Creates the table and its indexes when missing. */
  ready(): Promise<void> {
    this.created ??= this.sql
      .begin(async (tx) => {
        // Concurrent CREATE ... IF NOT EXISTS of one table can still collide in the catalog.
        await tx.unsafe("SELECT pg_advisory_xact_lock(hashtext($1))", [this.table]);
        for (const statement of this.ddl(this.table)) await tx.unsafe(statement);
      })
      .catch((error: unknown) => {
        this.created = undefined;
        throw error;
      });
    return this.created;
  }

  /** Runs one statement, the table created first, within the call's deadline. */
  run<Row>(statement: string, values: readonly unknown[]): Promise<Row[]> {
    return this.deadline(async (pool) => {
      await this.ready();
      return (await pool.unsafe(statement, values as unknown[])) as Row[];
    });
  }

  /** True when the database answers within the deadline (the table is not needed for it). */
  ping(): Promise<boolean> {
    return this.deadline((pool) => pool.unsafe("SELECT 1")).then(
      () => true,
      () => false,
    );
  }

  /**
   * `work` on the current pool, or an `EngineUnavailableError` once the deadline passed (the late
   * answer is dropped). A call on a pool dropped as stalled by another call's deadline fails the
   * same way, not with the pool's own "Connection closed".
   */
  private async deadline<T>(work: (pool: SQL) => Promise<T>): Promise<T> {
    const pool = this.#sql;
    try {
      return await engineDeadline(work(pool), "postgres", this.timeoutMs, () =>
        this.dropStalled(pool),
      );
    } catch (error) {
      const cut = pool !== this.#sql && !(error instanceof EngineUnavailableError);
      if (!cut || !isEngineUnavailable(error)) throw error;
      throw new EngineUnavailableError("postgres", `no answer within ${this.timeoutMs} ms`);
    }
  }

  /**
   * A connection that let a deadline pass may never answer (a partitioned or stopped server keeps
   * its socket open for hours): the store's own pool is replaced, the old one closed at once, so
   * the next call connects anew. A shared pool is its owner's to manage.
   */
  private dropStalled(stalled: SQL): void {
    // Already replaced (by another call's deadline), or shared.
    if (this.open === undefined || stalled !== this.#sql) return;
    this.#sql = this.open();
    this.created = undefined;
    stalled.close({ timeout: 0 }).catch(() => {});
  }

  /** Closes the pool the store opened (a shared one stays open). */
  async close(): Promise<void> {
    if (this.open !== undefined) await this.#sql.close({ timeout: 2 });
  }
}

/**
 * Deletes expired rows in bounded batches, at most one batch per `everyMs` per store and one batch
 * at a time, behind the store's own statements (never in their way: a failure is retried later).
 * `SKIP LOCKED`: instances cleaning at once take different rows instead of waiting on each other.
 */
export class ExpiredRows {
  private next = 0;
  private running = false;

  constructor(private readonly connection: PostgresConnection) {}

  /** Starts a batch when one is due: its count of deleted rows (undefined: none was due). */
  maybe(): Promise<number> | undefined {
    const now = Date.now();
    if (this.running || now < this.next) return undefined;
    const { batch, everyMs } = this.connection.cleanup;
    this.running = true;
    this.next = now + everyMs;
    const { table } = this.connection;
    return this.connection
      .run<{ key: string }>(
        `DELETE FROM ${table} WHERE key IN (SELECT key FROM ${table} WHERE expires_at <= clock_timestamp() LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING key`,
        [batch],
      )
      .then(
        (rows) => {
          // A full batch: more are waiting, so the next call may take another at once.
          if (rows.length === batch) this.next = 0;
          return rows.length;
        },
        () => 0,
      )
      .finally(() => {
        this.running = false;
      });
  }
}
