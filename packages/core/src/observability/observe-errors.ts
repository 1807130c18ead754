import { SpanStatusCode } from "@opentelemetry/api";
import { HttpException } from "../errors/http-exception.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { requestRecords } from "./request-record.js";

const className = (error: unknown): string => {
  const name = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === "string" && name !== "" ? name : typeof error;
};

/** Records what an error answer says about the request: its problem type, and a 5xx's exception. */
function observe(error: unknown, request: Request): void {
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

/** The app's error path, reporting each error answer to the request's record first. */
export function observeErrors(responder: ErrorResponder): ErrorResponder {
  const observed = (
    error: unknown,
    request: Request,
    operation?: Parameters<ErrorResponder>[2],
  ) => {
    observe(error, request);
    return responder(error, request, operation);
  };
  const invalid: ErrorResponder["invalid"] = (issues, request, operation) => {
    const record = requestRecords.get(request);
    if (record !== undefined) record.problemType = "about:blank";
    return responder.invalid(issues, request, operation);
  };
  return Object.assign(observed, { invalid });
}
