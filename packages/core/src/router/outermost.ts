import type { Logger } from "../errors/logger.js";
import type { RequestIdPolicy } from "../http/request-id.js";
import type { ServeHandler } from "../http/route-handler.js";
import type { AppObserver } from "../observability/app-observer.js";
import { rememberLogger, rememberTraceIds } from "../observability/request-logger.js";
import type { MiddlewareChain } from "../pipeline/middleware.js";
import { requestContextStorage } from "../pipeline/request-context.js";
import { withHeaders } from "../pipeline/response-headers.js";
import type { Timed } from "./global-timeouts.js";

/** What wraps every answer, whichever way the request arrives. */
export interface RouterOptions {
  /** The app's global middleware, composed. */
  readonly middleware?: MiddlewareChain;
  /** Run every request inside the request context (operation unknown until a route runs). */
  readonly requestContext?: boolean;
  /** Name every request and echo the name on its answer (`X-Request-ID`). */
  readonly requestId?: RequestIdPolicy;
  /** The app's observer (an observer in `plugins`), when it has one: it wraps every request. */
  readonly observer?: AppObserver;
  /** The logger the app was given, for `getRequestLogger(request)`; absent: the console's. */
  readonly logger?: Logger;
  /** `limits.timeout`: with global middleware, the deadline of requests no route matches. */
  readonly timeout?: number;
  /** Error answers depend on nothing in the request but the error (no `errorFormatter`). */
  readonly fixedErrors?: boolean;
}

/**
 * Echoes a request's id on its answer, unless the app set the header itself (a middleware that
 * forwards an upstream id); an upgraded WebSocket has no answer to stamp.
 */
function stamped(answer: Response, header: string, id: string): Response {
  if (!(answer instanceof Response)) return answer;
  const { headers } = answer;
  if (headers.has(header)) return answer;
  try {
    // Trellis's own answers have mutable headers: no closure, no copy (every request goes here).
    headers.set(header, id);
    return answer;
  } catch {
    return withHeaders(answer, (copied) => copied.set(header, id));
  }
}

// Wraps a top-level handler in what applies to every answer; returns it unchanged when nothing does.
// `route` is the template of the one route the handler serves, when it serves one; `timed` puts
// the global middleware under the request's deadline.
export function outermost(
  handler: ServeHandler,
  options: RouterOptions,
  route?: string,
  timed?: Timed,
): ServeHandler {
  let wrapped = handler;
  const { middleware } = options;
  if (middleware !== undefined) {
    wrapped = (request, server) => middleware(request, () => handler(request, server));
    if (timed !== undefined) wrapped = timed(wrapped);
  }
  if (options.requestContext === true) {
    const storage = requestContextStorage();
    const inner = wrapped;
    wrapped = (request, server) =>
      storage.run({ request, operation: undefined }, inner, request, server);
  }
  const { requestId } = options;
  if (requestId !== undefined) {
    // Outermost: middleware, logs and every error answer already see the id.
    const inner = wrapped;
    const { header } = requestId;
    wrapped = (request, server) => {
      const id = requestId.assign(request);
      const answer = inner(request, server);
      return answer instanceof Promise
        ? answer.then((settled) => stamped(settled, header, id))
        : stamped(answer, header, id);
    };
  }
  const { logger } = options;
  if (logger !== undefined) {
    const inner = wrapped;
    wrapped = (request, server) => {
      rememberLogger(request, logger);
      return inner(request, server);
    };
  }
  // Outside everything, so a request's span and duration cover all of it.
  const { observer } = options;
  if (observer !== undefined) {
    const { traceId } = observer;
    if (traceId !== undefined) {
      const inner = wrapped;
      wrapped = (request, server) => {
        rememberTraceIds(request, traceId);
        return inner(request, server);
      };
    }
    wrapped = observer.request(wrapped, route);
  }
  return wrapped;
}
