import { Inject, Injectable } from "@trellis/core";
import { SQL } from "bun";
import type { DatabaseHealth } from "../health/database-health.js";

/** How long readiness waits for the server before it says "down". */
const answerWithinMs = 2_000;

/**
 * Readiness of the Postgres database: a trivial query through the pool, which also reconnects
 * after the server comes back. A server that does not answer within 2 s counts as down.
 *
 * @example
 * await new PostgresDatabaseHealth(openPostgres(url)).isReachable(); // true
 */
@Injectable()
export class PostgresDatabaseHealth implements DatabaseHealth {
  constructor(@Inject(SQL) private readonly sql: SQL) {}

  async isReachable(): Promise<boolean> {
    const query = this.sql`SELECT 1 AS ok`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => {
        query.cancel();
        resolve(false);
      }, answerWithinMs);
    });
    try {
      return await Promise.race([query.then((rows) => rows.length === 1), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
