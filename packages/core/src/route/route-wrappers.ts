import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { AccessCheck } from "../pipeline/access-check.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { MiddlewareChain } from "../pipeline/middleware.js";
import { requestContextStorage } from "../pipeline/request-context.js";
import { raceDeadline, startDeadline } from "../pipeline/request-deadline.js";

/**
 * Runs the access stage (security, guards) before `handler`, which reads the body: a refused
 * request's body is never read. Synchronous guards that allow add no promise.
 */
export function withAccess(
  handler: RouteHandler,
  access: AccessCheck,
  respondError: ErrorResponder,
  operation: Operation,
): RouteHandler {
  return (request, params, decoded) => {
    let outcome: ReturnType<AccessCheck>;
    try {
      outcome = access(request, params, decoded);
    } catch (error) {
      return respondError(error, request, operation);
    }
    if (outcome === undefined) return handler(request, params, decoded);
    if (outcome instanceof Response) return outcome;
    return outcome.then(
      (answer) => (answer === undefined ? handler(request, params, decoded) : answer),
      (error: unknown) => respondError(error, request, operation),
    );
  };
}

/** Wraps every answer of a route (its errors too) in the route's middleware. */
export function withRouteMiddleware(handler: RouteHandler, chain: MiddlewareChain): RouteHandler {
  return (request, params, decoded) => chain(request, () => handler(request, params, decoded));
}

/** Runs a route inside the request context, so `getRequestContext()` sees its operation. */
export function withRequestContext(handler: RouteHandler, operation: Operation): RouteHandler {
  const storage = requestContextStorage();
  return (request, params, decoded) =>
    storage.run({ request, operation }, handler, request, params, decoded);
}

/**
 * Answers a route 503 once `milliseconds` pass without an answer, and aborts the request's signal
 * (the handler's `this.signal`). Outside the route's middleware, so a middleware that never
 * answers is cut too; when the app's global middleware runs first, the router started the
 * deadline already, around it, and this adds nothing.
 */
export function withTimeout(
  handler: RouteHandler,
  milliseconds: number,
  respondError: ErrorResponder,
  operation: Operation,
): RouteHandler {
  return (request, params, decoded) => {
    const abort = startDeadline(request);
    const answer = handler(request, params, decoded);
    if (abort === undefined) return answer;
    return raceDeadline(answer, milliseconds, abort, respondError, request, operation);
  };
}
