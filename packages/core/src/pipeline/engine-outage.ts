import { isEngineUnavailable } from "../errors/engine-unavailable.js";
import type { ProblemDetails } from "../errors/http-exception.js";
import type { Logger } from "../errors/logger.js";
import { outageLog } from "../errors/outage-log.js";

/** The problem of a request whose engine (a database, a cache) could not be reached. */
export const engineProblem: ProblemDetails = {
  type: "about:blank",
  title: "Service Unavailable",
  status: 503,
  detail: "A service this operation depends on is unavailable; retry later.",
};

/** Seconds a client is asked to wait: the same as the idempotency store's 503. */
export const engineRetryHeaders = { "retry-after": "1" } as const;

// The responder sees failures only: an outage is over once none came for this long.
const quietMs = 5000;

/**
 * Tells engine failures apart from other throws and logs their outages as two lines (the first
 * failure, then the count once no failure came for 5 s), not one line per request.
 */
export function engineOutages(logger: Logger) {
  const outage = outageLog(
    logger,
    "an engine (database, cache)",
    "requests that need it are answered 503 with Retry-After",
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (error: unknown): boolean => {
    if (!isEngineUnavailable(error)) return false;
    outage.failed(error);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      outage.recovered();
    }, quietMs);
    (timer as { unref?: () => void }).unref?.();
    return true;
  };
}
