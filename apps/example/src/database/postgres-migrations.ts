import type { SQL } from "bun";

// Each entry moves the schema one version up; never edit one that has shipped, append a new one.
// The same tables as the SQLite migrations (migrate.ts), in Postgres's types.
const migrations: readonly string[] = [
  `CREATE TABLE users (
     position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL
   )`,
  // Unique ignoring case as SQLite's NOCASE is: under the "C" collation lower() folds A-Z only,
  // whatever the database's locale, so both databases accept and refuse the same addresses.
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email COLLATE "C"))`,
  // A user's avatar: the image's bytes and its media type (both null until one is uploaded).
  "ALTER TABLE users ADD COLUMN avatar BYTEA",
  "ALTER TABLE users ADD COLUMN avatar_type TEXT",
];

/** The schema version `migratePostgres` brings a database to. */
export const postgresSchemaVersion = migrations.length;

// The advisory lock every instance of the example takes around its migrations: any number that
// no other program on the same database uses for its own advisory locks.
const migrationLock = 0x7472_6c73; // "trls"

/**
 * Applies the migrations a database has not seen yet, in one transaction, tracked in
 * `schema_migrations`. Safe when several instances start at once: each takes the same advisory
 * lock first, so one migrates while the others wait, then find nothing left to do.
 *
 * @example
 * await migratePostgres(new SQL(process.env.DATABASE_URL));
 */
export async function migratePostgres(sql: SQL): Promise<void> {
  await sql.begin(async (transaction) => {
    // Released when the transaction ends, committed or not (a crashed instance holds nothing).
    await transaction`SELECT pg_advisory_xact_lock(${migrationLock}::bigint)`;
    await transaction`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`;
    const [{ version }] = await transaction`
      SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations`;
    if (version > postgresSchemaVersion) {
      throw new Error(
        `The database is at schema version ${version}, newer than this app's ${postgresSchemaVersion}.`,
      );
    }
    for (let next = version; next < postgresSchemaVersion; next++) {
      await transaction.unsafe(migrations[next] as string);
      await transaction`INSERT INTO schema_migrations (version) VALUES (${next + 1})`;
    }
  });
}
