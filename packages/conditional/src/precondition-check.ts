import type { PreconditionCheck, RouteHandler } from "@trellis/core/extend";
import { preconditionFailed, preconditionRequired } from "./conditional-problems.js";
import { evaluatePreconditions } from "./evaluate-preconditions.js";

/**
 * `this.checkPreconditions` of one request: a failing `If-Match`, `If-Unmodified-Since` or
 * `If-None-Match` throws the 412. On GET and HEAD a "not modified" verdict is left to the answer,
 * which carries the `ETag` the handler sets and is evaluated again.
 */
export const preconditionCheck =
  (request: Request): PreconditionCheck =>
  (current) => {
    if (evaluatePreconditions(request.headers, request.method, current) === "failed") {
      throw preconditionFailed();
    }
  };

/** `requireIfMatch`: a request without `If-Match` is answered 428 before the handler runs. */
export function requiringIfMatch(
  handler: RouteHandler,
  respond: (error: unknown, request: Request) => Response,
): RouteHandler {
  return (request, params, decoded) =>
    request.headers.has("if-match")
      ? handler(request, params, decoded)
      : respond(preconditionRequired(), request);
}
