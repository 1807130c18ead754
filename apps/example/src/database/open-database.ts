import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrate } from "./migrate.js";

/** The SQLite path that keeps everything in memory (tests). */
export const inMemory = ":memory:";

/**
 * Opens (creating it and its folder on first use) the SQLite database at `path` and brings its
 * tables up to date.
 *
 * @example
 * const database = openDatabase("data/users.sqlite");
 */
export function openDatabase(path: string): Database {
  if (path !== inMemory) mkdirSync(dirname(path), { recursive: true });
  // strict: named parameters bind without their `$` prefix (`{ id }` for `$id`).
  const database = new Database(path, { create: true, strict: true });
  try {
    // The busy timeout first: it makes every later statement wait for a lock held by another
    // process on the same file instead of failing at once, and switching a new file to WAL takes
    // such a lock (set after it, two processes starting together failed with "database is locked").
    // WAL lets readers run while a write is in progress.
    database.run("PRAGMA busy_timeout = 5000");
    database.run("PRAGMA journal_mode = WAL");
    migrate(database);
  } catch (error) {
    database.close(true);
    throw error;
  }
  return database;
}
