import type { Database } from "bun:sqlite";

// Each entry moves the schema one version up; never edit one that has shipped, append a new one.
const migrations: readonly string[] = [
  `CREATE TABLE users (
     position INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE
   )`,
  // A user's avatar: the image's bytes and its media type (both null until one is uploaded).
  "ALTER TABLE users ADD COLUMN avatar BLOB",
  "ALTER TABLE users ADD COLUMN avatar_type TEXT",
];

/** The schema version `migrate` brings a database to. */
export const schemaVersion = migrations.length;

/**
 * Applies the migrations a database has not seen yet, in one transaction, tracked with SQLite's
 * `user_version`.
 *
 * @example
 * migrate(new Database(":memory:"));
 */
export function migrate(database: Database): void {
  const apply = database.transaction(() => {
    const { user_version: version } = database.query("PRAGMA user_version").get() as {
      user_version: number;
    };
    if (version > schemaVersion) {
      throw new Error(
        `The database is at schema version ${version}, newer than this app's ${schemaVersion}.`,
      );
    }
    for (const sql of migrations.slice(version)) database.run(sql);
    // PRAGMA takes no bound parameters; the value is our own integer.
    database.run(`PRAGMA user_version = ${schemaVersion}`);
  });
  // IMMEDIATE takes the write lock first, so two processes starting at once cannot both migrate.
  apply.immediate();
}
