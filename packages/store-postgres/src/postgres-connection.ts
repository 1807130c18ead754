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
}

const tableName = /^[a-z_][a-z0-9_]{0,49}$/;

/**
 * One store's pool and table: the table is created on the first statement (once per process, one
 * instance at a time under an advisory lock); a failed creation is tried again on the next call.
 */
export class PostgresConnection {
  readonly sql: SQL;
  /** The quoted table name, a checked identifier (safe to splice into statements). */
  readonly table: string;
  /** The cleanup settings, checked. */
  readonly cleanup: { readonly batch: number; readonly everyMs: number };
  private readonly owned: boolean;
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
    const { sql, table = defaultTable, max = 2, prepare = false } = options;
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
    this.cleanup = { batch, everyMs };
    const url = options.url ?? process.env.DATABASE_URL;
    if (sql === undefined && (url === undefined || url === "")) {
      throw new TypeError(`${caller}: give a url or an sql pool (or set DATABASE_URL).`);
    }
    this.table = `"${table}"`;
    this.owned = sql === undefined;
    this.sql =
      sql ?? new SQL(url as string, { max, prepare, connectionTimeout: 5, idleTimeout: 30 });
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

  /** Runs one statement, the table created first. */
  async run<Row>(statement: string, values: readonly unknown[]): Promise<Row[]> {
    await this.ready();
    return (await this.sql.unsafe(statement, values as unknown[])) as Row[];
  }

  /** Closes the pool the store opened (a shared one stays open). */
  async close(): Promise<void> {
    if (this.owned) await this.sql.close({ timeout: 2 });
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
