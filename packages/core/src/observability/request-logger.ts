import { childLogger, consoleLogger, type Logger } from "../errors/logger.js";
import { getRequestId } from "../http/request-id.js";

// The app logger of each request of an app given a `logger` (set at its edge), and each child made.
const appLoggers = new WeakMap<Request, Logger>();
const children = new WeakMap<Request, RequestLogger>();
// Where else the lines about a request go (an MCP tool call's lines, to its client), by request.
const sinks = new WeakMap<Request, RequestLogSink>();
// Where the trace id of each request of an app with an observer that knows one is read.
const traceIds = new WeakMap<Request, (request: Request) => string | undefined>();

/** A request's logger: every level callable (a level the app's logger lacks is dropped). */
export interface RequestLogger extends Logger {
  warn(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  debug(message: string, ...details: unknown[]): void;
}

const dropped = (): void => {};

/** Fills the levels a logger lacks, so `getRequestLogger(request).info(...)` always type-checks. */
function everyLevel(logger: Logger): RequestLogger {
  if (logger.warn && logger.info && logger.debug) return logger as RequestLogger;
  return {
    error: (message, ...details) => logger.error(message, ...details),
    warn: logger.warn ? (message, ...details) => logger.warn?.(message, ...details) : dropped,
    info: logger.info ? (message, ...details) => logger.info?.(message, ...details) : dropped,
    debug: logger.debug ? (message, ...details) => logger.debug?.(message, ...details) : dropped,
    ...(logger.child ? { child: (bindings) => logger.child?.(bindings) ?? logger } : {}),
  };
}

/** Receives each line about one request besides the app's logger (the MCP client of a tool call). */
export type RequestLogSink = (
  level: "error" | "warn" | "info" | "debug",
  message: string,
  details: readonly unknown[],
) => void;

/** Sends the lines about `request` to `sink` too (called before the request is answered). */
export function teeRequestLog(request: Request, sink: RequestLogSink): void {
  sinks.set(request, sink);
}

/** The logger with every line also given to `sink`. */
function teed(logger: RequestLogger, sink: RequestLogSink): RequestLogger {
  const level =
    (name: "error" | "warn" | "info" | "debug") =>
    (message: string, ...details: unknown[]) => {
      logger[name](message, ...details);
      sink(name, message, details);
    };
  return {
    error: level("error"),
    warn: level("warn"),
    info: level("info"),
    debug: level("debug"),
    ...(logger.child ? { child: (bindings) => logger.child?.(bindings) ?? logger } : {}),
  };
}

/** Remembers which app logger serves `request` (the router does, for apps given a `logger`). */
export function rememberLogger(request: Request, logger: Logger): void {
  appLoggers.set(request, logger);
}

/** Remembers how `request`'s trace id is read (the router does, for apps whose observer knows). */
export function rememberTraceIds(
  request: Request,
  traceId: (request: Request) => string | undefined,
): void {
  traceIds.set(request, traceId);
}

/**
 * The logger for lines about one request: a child of the app's logger (the console's when the
 * app was given none) bound to the request's id, and its trace id when the app's telemetry traces
 * it (`openTelemetry()` of `@trellis/otel`). A pino
 * logger's child is pino's own, so the bindings are fields of every line.
 *
 * @example
 * getRequestLogger(request).info("user created", { userId: user.id });
 */
export function getRequestLogger(request: Request): RequestLogger {
  let logger = children.get(request);
  if (logger !== undefined) return logger;
  const bindings: Record<string, unknown> = {};
  const requestId = getRequestId(request);
  if (requestId !== undefined) bindings.requestId = requestId;
  const traceId = traceIds.get(request)?.(request);
  if (traceId !== undefined) bindings.traceId = traceId;
  logger = everyLevel(childLogger(appLoggers.get(request) ?? consoleLogger, bindings));
  const sink = sinks.get(request);
  if (sink !== undefined) logger = teed(logger, sink);
  children.set(request, logger);
  return logger;
}
