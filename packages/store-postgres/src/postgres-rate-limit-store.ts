import type { RateLimitHit, RateLimitStore } from "@trellis/rate-limit";
import {
  ExpiredRows,
  PostgresConnection,
  type PostgresStore,
  type PostgresStoreOptions,
} from "./postgres-connection.js";

const ddl = (table: string) => [
  `CREATE TABLE IF NOT EXISTS ${table} (key text PRIMARY KEY, count bigint NOT NULL, expires_at timestamptz NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS ${table.slice(0, -1)}_expires_at" ON ${table} (expires_at)`,
];

/**
 * Rate limit counters in Postgres, shared by every instance: `createApp({ features: [rateLimits({
 * store: postgresRateLimitStore({ sql }) })] })`. Each request is one statement (`INSERT ... ON
 * CONFLICT DO UPDATE ... RETURNING`): the row lock orders concurrent hits of one key, so two
 * instances never hand out the same count. A fixed window per key, timed by the database's clock
 * (one clock for every instance); ended windows start again at 1 and their rows are deleted in
 * bounded batches.
 */
export function postgresRateLimitStore(
  options: PostgresStoreOptions = {},
): RateLimitStore & PostgresStore {
  const db = new PostgresConnection(options, "trellis_rate_limits", "postgresRateLimitStore", ddl);
  const expired = new ExpiredRows(db);
  const { table } = db;
  // $2: the window in milliseconds. An ended window is replaced by a new one in the same statement.
  const hit = `INSERT INTO ${table} AS r (key, count, expires_at)
    VALUES ($1, 1, clock_timestamp() + $2::bigint * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.expires_at <= clock_timestamp() THEN 1 ELSE r.count + 1 END,
      expires_at = CASE WHEN r.expires_at <= clock_timestamp() THEN EXCLUDED.expires_at ELSE r.expires_at END
    RETURNING r.count::int AS count,
      GREATEST(0, ceil(extract(epoch FROM r.expires_at - clock_timestamp()) * 1000))::int AS reset_ms`;
  return {
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      const rows = await db.run<{ count: number; reset_ms: number }>(hit, [key, windowMs]);
      expired.maybe();
      const row = rows[0] as { count: number; reset_ms: number };
      return { count: Number(row.count), resetMs: Number(row.reset_ms) };
    },
    ping: () => db.ping(),
    close: () => db.close(),
  };
}
