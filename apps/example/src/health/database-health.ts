import { Database } from "bun:sqlite";
import { Inject, Injectable } from "@trellis/core";

/**
 * Answers whether the database can serve a query right now (readiness).
 *
 * @example
 * new DatabaseHealth(openDatabase(":memory:")).isReachable(); // true
 */
@Injectable()
export class DatabaseHealth {
  constructor(@Inject(Database) private readonly database: Database) {}

  /** True when a trivial query succeeds; never throws. */
  isReachable(): boolean {
    try {
      // query() caches the statement on the connection, and fails once the connection is closed.
      return this.database.query("SELECT 1 AS ok").get() !== null;
    } catch {
      return false;
    }
  }
}
