import type { Logger } from "@trellis/core";
import { telemetryError } from "./telemetry-options.js";

/** `openTelemetry({ accessLog })`: one line per request, off by default. */
export interface AccessLogOptions {
  /** The level of the lines (default `"info"`). */
  readonly level?: "info" | "debug";
}

/** What one access line says (besides its message, "request completed"). */
export interface AccessLogLine {
  readonly method: string;
  /** The route template (`/users/{id}`); null when no route took the request (404, 405). */
  readonly route: string | null;
  readonly status: number;
  /** From arrival to the answer's headers, in milliseconds. */
  readonly durationMs: number;
  readonly requestId: string | null;
  /** The request's trace id when traces are on (to find its spans); else null. */
  readonly traceId: string | null;
  /** The body's size in bytes; null for a streamed body (an event stream). */
  readonly bytes: number | null;
}

const noBody = (status: number) => status === 101 || status === 204 || status === 304;

/**
 * The size of an answer's body: its `Content-Length` when it declares one, else counted on a
 * copy (Bun computes the header only as it sends). An event stream never ends on its own: null.
 */
function bodySize(
  response: Response | undefined,
  status: number,
): number | null | Promise<number | null> {
  if (response === undefined || noBody(status)) return 0;
  const declared = response.headers.get("content-length");
  if (declared !== null) return Number(declared);
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) return null;
  return response
    .clone()
    .arrayBuffer()
    .then(
      (buffer) => buffer.byteLength,
      () => null,
    );
}

/** Writes one access line; a logger that throws never fails the request. */
export function accessLine(
  settings: { readonly logger: Logger; readonly level: "info" | "debug" },
  line: Omit<AccessLogLine, "bytes"> & { readonly response: Response | undefined },
): void {
  const { response, ...fields } = line;
  const write = (bytes: number | null) => {
    try {
      settings.logger[settings.level]?.("request completed", { ...fields, bytes });
    } catch {
      // Nothing left to report it to.
    }
  };
  const size = bodySize(response, line.status);
  if (size instanceof Promise) void size.then(write);
  else write(size);
}

/** The level of `accessLog` (undefined: no access log); a bad value is a startup error. */
export function accessLogLevel(value: unknown): "info" | "debug" | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return "info";
  const level = (value as AccessLogOptions | null)?.level ?? "info";
  if (value === null || typeof value !== "object" || (level !== "info" && level !== "debug")) {
    throw telemetryError("INVALID_TELEMETRY_OPTIONS", [
      'accessLog must be a boolean or { level?: "info" | "debug" }.',
    ]);
  }
  return level;
}
