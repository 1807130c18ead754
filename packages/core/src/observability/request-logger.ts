import { childLogger, consoleLogger, type Logger } from "../errors/logger.js";
import { getRequestId } from "../http/request-id.js";
import { requestRecords } from "./request-record.js";

// The app logger of each request of an app given a `logger` (set at its edge), and each child made.
const appLoggers = new WeakMap<Request, Logger>();
const children = new WeakMap<Request, Logger>();

/** Remembers which app logger serves `request` (the router does, for apps given a `logger`). */
export function rememberLogger(request: Request, logger: Logger): void {
  appLoggers.set(request, logger);
}

/**
 * The logger for lines about one request: a child of the app's logger (the console's when the
 * app was given none) bound to the request's id, and its trace id when traces are on. A pino
 * logger's child is pino's own, so the bindings are fields of every line.
 *
 * @example
 * getRequestLogger(request).info("user created", { userId: user.id });
 */
export function getRequestLogger(request: Request): Logger {
  let logger = children.get(request);
  if (logger !== undefined) return logger;
  const bindings: Record<string, unknown> = {};
  const requestId = getRequestId(request);
  if (requestId !== undefined) bindings.requestId = requestId;
  const span = requestRecords.get(request)?.span;
  if (span !== undefined) bindings.traceId = span.spanContext().traceId;
  logger = childLogger(appLoggers.get(request) ?? consoleLogger, bindings);
  children.set(request, logger);
  return logger;
}
