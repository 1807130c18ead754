import type { Context, Span } from "@opentelemetry/api";

/**
 * What Trellis learns about one request while answering it, for its span, its metrics and its
 * access log line. Made only when the app observes requests (telemetry or the access log on).
 */
export class RequestRecord {
  /** The route template (`/users/{id}`), once a route took the request. */
  route: string | undefined;
  operationId: string | undefined;
  /** The `type` of the problem+json answer, when the answer is one. */
  problemType: string | undefined;
  /** `error.type` of a 5xx answer: the exception's class, or the status. */
  errorType: string | undefined;
  /** True once a WebSocket upgrade succeeded: the answer is 101. */
  upgraded = false;
  /** The server span and the context it is current in, when traces are on. */
  span: Span | undefined;
  context: Context | undefined;
  /** The stage span still open (validation ends when the handler starts). */
  stage: Span | undefined;
  ended = false;

  constructor(
    /** The method as the conventions name it (`_OTHER` for unknown ones). */
    readonly method: string,
    readonly scheme: string,
    /** `performance.now()` when it arrived. */
    readonly start: number,
    route: string | undefined,
  ) {
    this.route = route;
  }
}

/** The record of each request in flight, for the stages that only see the request. */
export const requestRecords = new WeakMap<Request, RequestRecord>();
