import { Database } from "bun:sqlite";
import { Inject, Injectable } from "@trellis/core";
import type { DatabaseHealth } from "../health/database-health.js";

/**
 * Readiness of the SQLite database: a trivial query on the open file.
 *
 * @example
 * new SqliteDatabaseHealth(openDatabase(":memory:")).isReachable(); // true
 */
@Injectable()
export class SqliteDatabaseHealth implements DatabaseHealth {
  constructor(@Inject(Database) private readonly database: Database) {}

  isReachable(): boolean {
    try {
      // query() caches the statement on the connection, and fails once the connection is closed.
      return this.database.query("SELECT 1 AS ok").get() !== null;
    } catch {
      return false;
    }
  }
}
