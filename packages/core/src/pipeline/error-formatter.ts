import type { HeadersInput, ProblemDetails } from "../errors/http-exception.js";
import type { Operation } from "../operation/operation.js";

/** What an `errorFormatter` learns about the error it reshapes. */
export interface ErrorContext {
  /** The request that failed. */
  readonly request: Request;
  /** The matched operation; undefined for 404, 405 and other answers before a route matched. */
  readonly operation: Operation | undefined;
  /** The problem Trellis would send: start from it to keep status and issues. */
  readonly problem: ProblemDetails;
}

/**
 * A reshaped error response: `body` is sent as JSON (`application/json` unless `headers` say
 * otherwise; no body when absent), `status` defaults to the problem's, `headers` are added to the
 * error's own (such as `Allow` on a 405).
 */
export interface FormattedError {
  readonly status?: number;
  readonly headers?: HeadersInput;
  readonly body?: unknown;
}

/**
 * Reshapes every error response. `error` is what was thrown (an `HttpException` for errors Trellis
 * raises itself: 400, 404, 405, 413, 415). Returning a `Response` sends it as is.
 */
export type ErrorFormatter = (error: unknown, context: ErrorContext) => Response | FormattedError;
