import { HttpException } from "../errors/http-exception.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "./error-responder.js";

// Each timed request's abort signal (the handler's `this.signal`); gone with the request.
const requestSignals = new WeakMap<Request, AbortSignal>();

/**
 * The abort signal of a request, for middleware, guards and services that start work of their
 * own: on a request with a timeout (`@Timeout`, `limits.timeout`), the timeout's signal (aborted
 * with a `TimeoutError` when the request is answered 503; the handler's `this.signal` follows it
 * and the client as well); otherwise the request's own signal, aborted when the client goes away.
 *
 * @example
 * const audit: Middleware = async (request, next) => {
 *   await auditLog.write(request.url, { signal: getRequestSignal(request) });
 *   return next();
 * };
 */
export function getRequestSignal(request: Request): AbortSignal {
  return requestSignals.get(request) ?? request.signal;
}

/** The timeout's signal of a timed request, once its deadline started. */
export function timeoutSignal(request: Request): AbortSignal | undefined {
  return requestSignals.get(request);
}

/**
 * Starts the deadline of `request`: answers the controller that aborts its signal, or undefined
 * when a deadline runs for it already (started further out, around global middleware).
 */
export function startDeadline(request: Request): AbortController | undefined {
  if (requestSignals.has(request)) return undefined;
  const abort = new AbortController();
  requestSignals.set(request, abort.signal);
  return abort;
}

/**
 * The first of `answer` and the deadline: once `milliseconds` pass without an answer, the
 * request's signal is aborted and it is answered 503. An answer that is ready at once costs no
 * timer.
 */
export function raceDeadline(
  answer: Response | Promise<Response>,
  milliseconds: number,
  abort: AbortController,
  respondError: ErrorResponder,
  request: Request,
  operation?: Operation,
): Response | Promise<Response> {
  if (answer instanceof Response) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      abort.abort(new DOMException("The route's timeout passed.", "TimeoutError"));
      resolve(
        respondError(
          new HttpException(503, "The request took longer than the route allows."),
          request,
          operation,
        ),
      );
    }, milliseconds);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
