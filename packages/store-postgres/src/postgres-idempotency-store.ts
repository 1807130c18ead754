import type {
  IdempotencyClaim,
  IdempotencyEntry,
  IdempotencyStore,
  StoredResponse,
} from "@trellis/idempotency";
import {
  ExpiredRows,
  PostgresConnection,
  type PostgresStore,
  type PostgresStoreOptions,
} from "./postgres-connection.js";

// A row is "running" while `status` is null (held by `token` until `expires_at`: the lock), and
// "done" once completed (the response kept until `expires_at`: the ttl).
const ddl = (table: string) => [
  `CREATE TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, token text NOT NULL, fingerprint text NOT NULL, status int, headers text, body bytea, expires_at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS ${table.slice(0, -1)}_expires_at" ON ${table} (expires_at)`,
];

interface Row {
  readonly claimed: boolean;
  readonly fingerprint: string;
  readonly status: number | null;
  readonly headers: string | null;
  readonly body: Uint8Array | null;
}

function entryOf(row: Row): IdempotencyEntry {
  if (row.status === null) return { state: "running", fingerprint: row.fingerprint };
  const response: StoredResponse = {
    status: Number(row.status),
    headers: JSON.parse(row.headers ?? "[]") as [string, string][],
    body: new Uint8Array(row.body ?? new Uint8Array()),
  };
  return { state: "done", fingerprint: row.fingerprint, response };
}

/**
 * Idempotency keys in Postgres, shared by every instance: `createApp({ features:
 * [idempotencyKeys({ store: postgresIdempotencyStore({ sql }) })] })`. A claim is one statement:
 * an insert that, on conflict, takes over only an expired row and otherwise returns the row held
 * (its lock makes concurrent claims of one key wait for each other), so of two instances
 * receiving one key at once exactly one runs the request.
 */
export function postgresIdempotencyStore(
  options: PostgresStoreOptions = {},
): IdempotencyStore & PostgresStore {
  const db = new PostgresConnection(
    options,
    "trellis_idempotency",
    "postgresIdempotencyStore",
    ddl,
  );
  const expired = new ExpiredRows(db);
  const { table } = db;
  const live = "i.expires_at > clock_timestamp()";
  // The no-op update of a live row locks and returns it: one round trip, whoever holds it.
  const claim = `INSERT INTO ${table} AS i (key, token, fingerprint, expires_at)
    VALUES ($1, $2, $3, clock_timestamp() + $4::bigint * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      token = CASE WHEN ${live} THEN i.token ELSE EXCLUDED.token END,
      fingerprint = CASE WHEN ${live} THEN i.fingerprint ELSE EXCLUDED.fingerprint END,
      status = CASE WHEN ${live} THEN i.status END,
      headers = CASE WHEN ${live} THEN i.headers END,
      body = CASE WHEN ${live} THEN i.body END,
      expires_at = CASE WHEN ${live} THEN i.expires_at ELSE EXCLUDED.expires_at END
    RETURNING i.token = $2 AS claimed, i.fingerprint, i.status, i.headers, i.body`;
  const complete = `UPDATE ${table} AS i SET status = $3, headers = $4, body = $5,
      expires_at = clock_timestamp() + $6::bigint * interval '1 millisecond'
    WHERE i.key = $1 AND i.token = $2 AND i.status IS NULL AND ${live}`;
  const release = `DELETE FROM ${table} AS i WHERE i.key = $1 AND i.token = $2 AND i.status IS NULL`;
  return {
    async claim(key: string, held: IdempotencyClaim): Promise<IdempotencyEntry | undefined> {
      const rows = await db.run<Row>(claim, [key, held.token, held.fingerprint, held.lockMs]);
      expired.maybe();
      const row = rows[0] as Row;
      return row.claimed ? undefined : entryOf(row);
    },
    async complete(key, token, response, ttlMs) {
      const headers = JSON.stringify(response.headers);
      await db.run(complete, [key, token, response.status, headers, response.body, ttlMs]);
    },
    async release(key, token) {
      await db.run(release, [key, token]);
    },
    ping: () => db.ping(),
    close: () => db.close(),
  };
}
