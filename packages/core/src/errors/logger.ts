/** Fields of a structured log line (`{ requestId, status }`). */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Where Trellis reports what happens: errors a client never sees (unexpected throws, bad handler
 * output), startup advice, and, when asked, one line per request. Called the console's way: a
 * message, then details (an error, or the fields of a structured line).
 */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  /** Startup advice (for example operations without a declared response); the console's when absent. */
  warn?(message: string, ...details: unknown[]): void;
  /** The access log's lines (`openTelemetry({ accessLog: true })`) and routine events; dropped when absent. */
  info?(message: string, ...details: unknown[]): void;
  /** Detail for troubleshooting; dropped when absent. */
  debug?(message: string, ...details: unknown[]): void;
  /** A logger that adds `bindings` to each of its lines (a request's id and trace id). */
  child?(bindings: LogFields): Logger;
}

/**
 * A logger called fields first, as pino and bunyan are (`logger.info({ status }, "message")`):
 * pass one as it is; Trellis tells it from a console-style `Logger` by its `child` method.
 */
export interface StructuredLogger {
  error(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  debug(fields: object, message?: string): void;
  child(bindings: LogFields): StructuredLogger;
}

// Trellis's own loggers (the console's, adapted ones) are called message first, `child` or not.
const ownLoggers = new WeakSet<object>();
const own = <T extends Logger>(logger: T): T => {
  ownLoggers.add(logger);
  return logger;
};

const isFields = (value: unknown): value is LogFields =>
  value !== null &&
  typeof value === "object" &&
  !(value instanceof Error) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** One line: the message, then the fields as JSON (the console's child and access lines). */
function line(message: string, details: readonly unknown[], bindings?: LogFields): unknown[] {
  const [first] = details;
  if (details.length === 1 && isFields(first)) {
    return [`${message} ${safeJson(bindings ? { ...bindings, ...first } : first)}`];
  }
  return bindings ? [`${message} ${safeJson(bindings)}`, ...details] : [message, ...details];
}

function safeJson(fields: LogFields): string {
  try {
    return JSON.stringify(fields, (_key, value) =>
      typeof value === "bigint" ? value.toString() : value,
    );
  } catch {
    return "{}";
  }
}

function consoleWith(bindings: LogFields | undefined): Logger {
  return own({
    error: (message, ...details) => console.error(...line(message, details, bindings)),
    warn: (message, ...details) => console.warn(...line(message, details, bindings)),
    info: (message, ...details) => console.info(...line(message, details, bindings)),
    debug: (message, ...details) => console.debug(...line(message, details, bindings)),
    child: (more) => consoleWith(bindings ? { ...bindings, ...more } : more),
  });
}

/** The default logger: the console; a structured line (fields only) prints as one line of JSON. */
export const consoleLogger: Logger = consoleWith(undefined);

type Level = "error" | "warn" | "info" | "debug";

/** pino's way: an error under `err` (its serializer keeps the stack), fields merged, else `details`. */
function fieldsOf(details: readonly unknown[]): object {
  if (details.length === 0) return {};
  const [first] = details;
  if (details.length === 1) {
    if (first instanceof Error) return { err: first };
    if (isFields(first)) return first;
  }
  return { details };
}

function fromStructured(target: StructuredLogger): Logger {
  const level =
    (name: Level) =>
    (message: string, ...details: unknown[]): void => {
      target[name](fieldsOf(details), message);
    };
  return own({
    error: level("error"),
    warn: level("warn"),
    info: level("info"),
    debug: level("debug"),
    child: (bindings) => fromStructured(target.child(bindings)),
  });
}

/**
 * The app's logger as Trellis calls it, settled at startup: a logger with `child` (pino, bunyan,
 * Fastify's `app.log`) is called fields first; any other keeps the console's convention.
 */
export function normalizeLogger(logger: Logger | StructuredLogger): Logger {
  if (typeof logger.child !== "function" || ownLoggers.has(logger)) return logger as Logger;
  return fromStructured(logger as StructuredLogger);
}

/**
 * A child of `logger` bound to `bindings`: its own `child` when it has one, else lines that carry
 * the bindings as their last detail.
 */
export function childLogger(logger: Logger, bindings: LogFields): Logger {
  if (typeof logger.child === "function") return logger.child(bindings);
  const bound =
    (method: ((message: string, ...details: unknown[]) => void) | undefined) =>
    (message: string, ...details: unknown[]) =>
      method?.call(logger, message, ...details, bindings);
  return own({
    error: bound(logger.error),
    warn: bound(logger.warn),
    info: bound(logger.info),
    debug: bound(logger.debug),
    child: (more) => childLogger(logger, { ...bindings, ...more }),
  });
}
