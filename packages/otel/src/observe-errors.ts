import { SpanStatusCode } from "@opentelemetry/api";
import { HttpException } from "@trellis/core";
import type { ErrorObserver } from "@trellis/core/extend";
import { requestRecords } from "./request-record.js";

const className = (error: unknown): string => {
  const name = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === "string" && name !== "" ? name : typeof error;
};

/** Records what an error answer says about the request: its problem type, and a 5xx's exception. */
function thrown(error: unknown, request: Request): void {
  const record = requestRecords.get(request);
  if (record === undefined) return;
  try {
    if (error instanceof HttpException && error.status >= 400 && error.status < 500) {
      record.problemType = error.type;
      return;
    }
    record.problemType = error instanceof HttpException ? error.type : "about:blank";
    record.errorType = error instanceof HttpException ? String(error.status) : className(error);
    // The exception goes to the trace (the operator's), never into the answer (the client's).
    const span = record.span;
    if (span !== undefined) {
      span.recordException(error instanceof Error ? error : { message: String(error) });
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  } catch {
    // A hostile throw (a Proxy whose traps throw) must not break the error path.
  }
}

/** Tells each request's record of its error answer. */
export const errorObserver: ErrorObserver = {
  thrown,
  invalid(request) {
    const record = requestRecords.get(request);
    if (record !== undefined) record.problemType = "about:blank";
  },
};
