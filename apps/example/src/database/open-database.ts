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
    database.run("PRAGMA busy_timeout = 5000");
    // WAL lets readers run while a write is in progress. SQLite still answers SQLITE_BUSY at once,
    // without waiting, in a few moments (another process recovering or removing the WAL as it
    // closes): the setup is idempotent, so it is tried again then (1 start in 100 needed it).
    untilNotBusy(() => {
      database.run("PRAGMA journal_mode = WAL");
      migrate(database);
    });
  } catch (error) {
    database.close(true);
    throw error;
  }
  return database;
}

/** How long a start keeps retrying work SQLite refused as busy without waiting. */
const busyRetryMs = 10_000;

function untilNotBusy(work: () => void): void {
  const deadline = Date.now() + busyRetryMs;
  for (let attempt = 1; ; attempt++) {
    try {
      work();
      return;
    } catch (error) {
      const busy = (error as { code?: unknown }).code === "SQLITE_BUSY";
      if (!busy || Date.now() > deadline) throw error;
      Bun.sleepSync(Math.min(100, 5 * attempt) + Math.random() * 10);
    }
  }
}
