import {
  type HeadersInput,
  HttpException,
  type ProblemDetails,
  type ProblemIssue,
} from "../errors/http-exception.js";
import { BadRequestException } from "../errors/http-exceptions.js";
import type { Logger } from "../errors/logger.js";
import { withoutStack } from "../errors/without-stack.js";
import { getRequestId } from "../http/request-id.js";
import { isErrorStatus } from "../http/status-text.js";
import type { Operation } from "../operation/operation.js";
import { engineOutages, engineProblem, engineRetryHeaders } from "./engine-outage.js";
import type { ErrorFormatter } from "./error-formatter.js";

const problemType = "application/problem+json";
const genericDetail = "An unexpected error occurred.";

/** Turns anything thrown into a response. Never throws itself. */
export interface ErrorResponder {
  (error: unknown, request: Request, operation?: Operation): Response;
  /**
   * The 400 of a request whose inputs failed validation, as the responder would answer
   * `BadRequestException("Request validation failed", { errors })`; without an `errorFormatter`,
   * written straight from the issues (no exception made: the path an attacker drives at will).
   */
  readonly invalid: (
    issues: readonly ProblemIssue[],
    request: Request,
    operation?: Operation,
  ) => Response;
}

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

const problemHeaders = { "content-type": problemType };

/** The problem as sent: with the request's id (`requestId`), the one its log lines carry. */
function withRequestId(problem: ProblemDetails, request: Request): ProblemDetails {
  const requestId = getRequestId(request);
  return requestId === undefined ? problem : { ...problem, requestId };
}

function problemResponse(problem: ProblemDetails, headers: HeadersInput | undefined): Response {
  const body = JSON.stringify(problem);
  // Most problems carry no headers of their own: a plain object is the cheapest init.
  if (headers === undefined)
    return new Response(body, { status: problem.status, headers: problemHeaders });
  const init = new Headers(headers);
  init.set("content-type", problemType);
  return new Response(body, { status: problem.status, headers: init });
}

// The last resort: built from constants and a checked id, so making it cannot throw.
const fallbackBody = JSON.stringify(internalProblem());
const fallback = (request: Request): Response => {
  const requestId = getRequestId(request);
  const body =
    requestId === undefined
      ? fallbackBody
      : `${fallbackBody.slice(0, -1)},"requestId":${JSON.stringify(requestId)}}`;
  return new Response(body, { status: 500, headers: { "content-type": problemType } });
};

/** " (request <id>)" for a log line about a request: the id its answer carries. */
const requestLabel = (request: Request): string => {
  const requestId = getRequestId(request);
  return requestId === undefined ? "" : ` (request ${requestId})`;
};

/**
 * Builds the one error path of an app: problem+json, an optional formatter, logging. An engine
 * that cannot be reached (`isEngineUnavailable`) is a 503 with `Retry-After`, any other unexpected
 * throw a 500 without its message. It is total:
 * whatever was thrown (a Proxy whose traps throw, an exception whose getters throw) and whatever
 * the logger or the formatter does, the answer is a response, a clean 500 at worst.
 */
export function createErrorResponder(
  logger: Logger,
  formatter: ErrorFormatter | undefined,
): ErrorResponder {
  // A logger that throws (it cannot serialize a BigInt, say) must not take the answer with it.
  const log = (message: string, detail: unknown): void => {
    try {
      logger.error(message, detail);
    } catch {
      // Nothing left to report it to.
    }
  };

  const engineDown = engineOutages(logger);

  const respond = (error: unknown, request: Request, operation?: Operation): Response => {
    let problem: ProblemDetails;
    let headers: HeadersInput | undefined;
    if (error instanceof HttpException && isErrorStatus(error.status)) {
      problem = error.toProblem();
      headers = error.headers;
    } else if (engineDown(error)) {
      // A database or cache that cannot be reached is the server's state, not a bug: 503, retry.
      problem = engineProblem;
      headers = engineRetryHeaders;
    } else {
      log(`Unhandled error in ${describeOperation(operation)}${requestLabel(request)}`, error);
      problem = internalProblem();
    }
    problem = withRequestId(problem, request);

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
        log(
          `errorFormatter failed for ${describeOperation(operation)}${requestLabel(request)}`,
          formatterError,
        );
      }
    }
    return problemResponse(problem, headers);
  };

  const responder = (error: unknown, request: Request, operation?: Operation): Response => {
    try {
      return respond(error, request, operation);
    } catch (renderError) {
      // Unserializable extensions, invalid headers, traps or getters that throw: a clean 500.
      log(
        `Could not render the error of ${describeOperation(operation)}${requestLabel(request)}`,
        renderError,
      );
      return fallback(request);
    }
  };
  const invalid: ErrorResponder["invalid"] = formatter
    ? (issues, request, operation) => responder(validationFailed(issues), request, operation)
    : (issues, request, operation) => {
        try {
          // What `validationFailed(issues).toProblem()` serializes to, members in the same order.
          const requestId = getRequestId(request);
          const tail = requestId === undefined ? "}" : `,"requestId":${JSON.stringify(requestId)}}`;
          const body = `${validationPrefix}${JSON.stringify(issues)}${tail}`;
          return new Response(body, { status: 400, headers: problemHeaders });
        } catch {
          return responder(validationFailed(issues), request, operation);
        }
      };
  return Object.assign(responder, { invalid });
}

/** The exception a request whose inputs failed validation is answered with. */
const validationFailed = (issues: readonly ProblemIssue[]): BadRequestException =>
  withoutStack(() => new BadRequestException(validationDetail, { errors: issues }));

const validationDetail = "Request validation failed";
const validationPrefix = `${JSON.stringify(validationFailed([]).toProblem()).slice(0, -"[]}".length)}`;
