import type { Awaitable } from "../database/awaitable.js";

/**
 * Answers whether the database can serve a query right now (readiness): the injection token,
 * implemented by `SqliteDatabaseHealth` and `PostgresDatabaseHealth`.
 *
 * @example
 * const up = await health.isReachable();
 */
export abstract class DatabaseHealth {
  /** True when a trivial query succeeds; never throws. */
  abstract isReachable(): Awaitable<boolean>;
}
