import { type HeadersInput, HttpException, type ProblemDetails } from "../errors/http-exception.js";
import type { Logger } from "../errors/logger.js";
import { isErrorStatus } from "../http/status-text.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorFormatter } from "./error-formatter.js";

const problemType = "application/problem+json";
const genericDetail = "An unexpected error occurred.";

/** Turns anything thrown into a response. Never throws itself. */
export type ErrorResponder = (error: unknown, request: Request, operation?: Operation) => Response;

/** Where a failure happened, for log lines ("UserController.create"). */
export function describeOperation(operation: Operation | undefined): string {
  return operation ? `${operation.controller.name}.${operation.handlerName}` : "request";
}

const internalProblem = (): ProblemDetails => ({
  type: "about:blank",
  title: "Internal Server Error",
  status: 500,
  detail: genericDetail,
});

function problemResponse(problem: ProblemDetails, headers: HeadersInput | undefined): Response {
  const init = new Headers(headers);
  init.set("content-type", problemType);
  return new Response(JSON.stringify(problem), { status: problem.status, headers: init });
}

/** Builds the one error path of an app: problem+json, an optional formatter, logging. */
export function createErrorResponder(
  logger: Logger,
  formatter: ErrorFormatter | undefined,
): ErrorResponder {
  const fallback = (): Response => problemResponse(internalProblem(), undefined);

  return (error, request, operation) => {
    let problem: ProblemDetails;
    let headers: HeadersInput | undefined;
    if (error instanceof HttpException && isErrorStatus(error.status)) {
      problem = error.toProblem();
      headers = error.headers;
    } else {
      logger.error(`Unhandled error in ${describeOperation(operation)}`, error);
      problem = internalProblem();
    }

    if (formatter) {
      try {
        const formatted = formatter(error, { request, operation, problem });
        if (formatted instanceof Response) return formatted;
        if (formatted === null || typeof formatted !== "object" || "then" in formatted) {
          throw new TypeError(
            "errorFormatter must return a Response or { status?, headers?, body }",
          );
        }
        const status = formatted.status ?? problem.status;
        const merged = new Headers(headers);
        for (const [name, value] of new Headers(formatted.headers)) merged.set(name, value);
        if (formatted.body === undefined) return new Response(null, { status, headers: merged });
        if (!merged.has("content-type")) merged.set("content-type", "application/json");
        return new Response(JSON.stringify(formatted.body), { status, headers: merged });
      } catch (formatterError) {
        logger.error(`errorFormatter failed for ${describeOperation(operation)}`, formatterError);
      }
    }

    try {
      return problemResponse(problem, headers);
    } catch (renderError) {
      // Unserializable extensions or invalid headers on the exception: a clean 500 instead.
      logger.error(`Could not render the error of ${describeOperation(operation)}`, renderError);
      return fallback();
    }
  };
}
