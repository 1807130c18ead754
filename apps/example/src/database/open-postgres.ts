import { SQL } from "bun";

/**
 * A pool of connections to the Postgres database at `url` (`postgres://user:pass@host:5432/db`),
 * through Bun's built-in client. Nothing connects until the first query; the tables are brought
 * up to date by `PostgresLifecycle` when the app starts.
 *
 * @example
 * const sql = openPostgres(process.env.DATABASE_URL);
 */
export function openPostgres(url: string, { connectionTimeout = 5 } = {}): SQL {
  return new SQL(url, {
    // Seconds: a database that does not answer fails a request (and readiness) instead of
    // holding it; idle connections are given back to the server.
    connectionTimeout,
    idleTimeout: 30,
    // At most 10 connections per instance for the data (docs/scale-out.md counts them all).
    max: 10,
    // Unnamed statements: PgBouncer in transaction mode gives each transaction any server
    // connection, where a named one would be missing or taken ("prepared statement P0 already
    // exists"). The cost is a parse per statement, small beside a round trip.
    prepare: false,
  });
}
