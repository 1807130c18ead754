import type { LoggingLevel } from "@modelcontextprotocol/server";

/** A Trellis log level as MCP names it (`warn` is `warning`). */
export const mcpLevel = {
  error: "error",
  warn: "warning",
  info: "info",
  debug: "debug",
} as const satisfies Record<string, LoggingLevel>;

const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !(value instanceof Error) &&
  Object.getPrototypeOf(value) === Object.prototype;

/**
 * The `data` of a log message from one request log line: the message, with the line's fields
 * when it has them. Errors and other objects stay in the app's log only: a client must not read a
 * stack trace or an internal message.
 */
export function logData(message: string, details: readonly unknown[]): unknown {
  const fields = details.filter(isFields);
  if (fields.length === 0) return message;
  let safe: Record<string, unknown>;
  try {
    safe = JSON.parse(JSON.stringify(Object.assign({}, ...fields)));
  } catch {
    return message; // fields that are not JSON (a cycle, a bigint): the message alone
  }
  return { message, ...safe };
}
