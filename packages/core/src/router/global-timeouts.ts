import type { RouteHandler, ServeHandler } from "../http/route-handler.js";
import { pathOf } from "../http/url-parts.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { raceDeadline, startDeadline } from "../pipeline/request-deadline.js";
import type { RouteMatcher } from "./route-matcher.js";

/** Wraps a top-level handler in the deadline of the requests it serves. */
export type Timed = (handler: ServeHandler) => ServeHandler;

/** How the app's global middleware gets under the request timeout. */
export interface GlobalTimeouts {
  /** For a handler that may serve any route (`fetch`): the route is matched to find its timeout. */
  readonly anyRoute: Timed;
  /** For the route-map handler of a route with this timeout (undefined: none applies). */
  forRoute(timeout: number | undefined): Timed | undefined;
}

function timed(milliseconds: number, respondError: ErrorResponder): Timed {
  return (handler) => (request, server) => {
    const abort = startDeadline(request);
    const answer = handler(request, server);
    if (abort === undefined) return answer;
    return raceDeadline(answer, milliseconds, abort, respondError, request);
  };
}

/**
 * The deadlines that start before the app's global middleware, so that a middleware that never
 * answers is cut at the request's timeout like the route itself: the matched route's timeout
 * (its `@Timeout`, else `limits.timeout`), or `limits.timeout` for a request no route matches
 * (404, 405, OPTIONS). The route's own deadline then sees this one and adds none. Undefined when
 * there is no global middleware or no timeout at all: nothing then runs before the route's own.
 */
export function globalTimeouts(
  entries: readonly { readonly handler: RouteHandler; readonly timeout?: number | undefined }[],
  fallback: number | undefined,
  matcher: RouteMatcher<RouteHandler>,
  respondError: ErrorResponder,
): GlobalTimeouts | undefined {
  const timeouts = new Map<RouteHandler, number>();
  for (const { handler, timeout } of entries)
    if (timeout !== undefined) timeouts.set(handler, timeout);
  if (timeouts.size === 0 && fallback === undefined) return undefined;
  const timeoutOf = (request: Request): number | undefined => {
    const method = request.method;
    const path = pathOf(request.url);
    const found = matcher.match(method, path) ?? (method === "HEAD" && matcher.match("GET", path));
    return found ? (timeouts.get(found.target) ?? fallback) : fallback;
  };
  const byTimeout = new Map<number, Timed>();
  const timedFor = (milliseconds: number) => {
    let wrap = byTimeout.get(milliseconds);
    if (wrap === undefined) {
      wrap = timed(milliseconds, respondError);
      byTimeout.set(milliseconds, wrap);
    }
    return wrap;
  };
  return {
    anyRoute: (handler) => {
      const perTimeout = new Map<number, ServeHandler>();
      return (request, server) => {
        let timeout: number | undefined;
        try {
          timeout = timeoutOf(request);
        } catch {
          // A target the matcher cannot read: the handler answers it (400), under the fallback.
          timeout = fallback;
        }
        if (timeout === undefined) return handler(request, server);
        let wrapped = perTimeout.get(timeout);
        if (wrapped === undefined) {
          wrapped = timedFor(timeout)(handler);
          perTimeout.set(timeout, wrapped);
        }
        return wrapped(request, server);
      };
    },
    forRoute: (timeout) => {
      const milliseconds = timeout ?? fallback;
      return milliseconds === undefined ? undefined : timedFor(milliseconds);
    },
  };
}
