import type { Logger } from "./logger.js";

/**
 * What a feature does for a request while its store or engine cannot be reached: `"fail-open"`
 * serves the request without the feature's guarantee, `"fail-closed"` answers 503 problem+json
 * with `Retry-After`. Each feature documents its default.
 */
export type OutagePolicy = "fail-open" | "fail-closed";

/** The log of one dependency's outages: one line when it starts, one when it ends. */
export interface OutageLog {
  /** A call failed: the first failure of an outage is logged (with its error); later ones counted. */
  failed(error: unknown): void;
  /** A call succeeded: an outage in progress ends, logged with the requests it affected. */
  recovered(): void;
  /** Requests affected by the outage in progress (0 outside one). */
  readonly affected: number;
}

/**
 * Logs outages of `what` (a store, an engine) as two lines, not one per request: on entry, with
 * the first error and `effect` (what requests get meanwhile), and on exit, with how long it lasted
 * and how many requests it affected.
 *
 * @example
 * const outage = outageLog(logger, "the rate limit store", "requests are let through");
 * store.hit(key).then(() => outage.recovered(), (error) => outage.failed(error));
 */
export function outageLog(logger: Logger, what: string, effect: string): OutageLog {
  let affected = 0;
  let since = 0;
  const safely = (write: () => void) => {
    try {
      write();
    } catch {
      // A logger that throws must not turn an outage into a failed request.
    }
  };
  return {
    get affected() {
      return affected;
    },
    failed(error) {
      affected++;
      if (affected > 1) return;
      since = Date.now();
      safely(() =>
        logger.error(`Outage: ${what} is unavailable; ${effect} until it answers.`, error),
      );
    },
    recovered() {
      if (affected === 0) return;
      const count = affected;
      const seconds = ((Date.now() - since) / 1000).toFixed(1);
      affected = 0;
      const write = logger.warn ?? logger.error;
      safely(() =>
        write.call(
          logger,
          `Outage over: ${what} answers again after ${seconds} s; ${count} request${count === 1 ? "" : "s"} affected (${effect}).`,
        ),
      );
    },
  };
}
