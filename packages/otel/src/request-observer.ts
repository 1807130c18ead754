import {
  type Attributes,
  context,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { getRequestId, type Logger } from "@trellis/core";
import type { ServeHandler } from "@trellis/core/extend";
import { accessLine } from "./access-log.js";
import {
  attr,
  methodOf,
  type RequestAttributePolicy,
  requestAttributes,
} from "./http-attributes.js";
import type { HttpMetrics } from "./http-metrics.js";
import { RequestRecord, requestRecords } from "./request-record.js";
import { parentContext } from "./trace-parent.js";

/** How an app observes its requests, settled at `createApp`; absent parts cost nothing. */
export interface ObserverSettings {
  readonly tracer: Tracer | undefined;
  readonly metrics: HttpMetrics | undefined;
  readonly attributes: RequestAttributePolicy;
  readonly responseHeaders: readonly string[];
  /** Where access lines go, at which level; undefined: no access log. */
  readonly accessLog: { readonly logger: Logger; readonly level: "info" | "debug" } | undefined;
}

const schemeOf = (url: string): string => (url.startsWith("https:") ? "https" : "http");

/**
 * Observes every request of an app from its first byte to its answer: the server span (named by
 * method and route template, continuing an incoming trace), the HTTP metrics and the access log
 * line. It wraps the router's outermost handler, so middleware, 404s and request ids are inside.
 */
export class RequestObserver {
  constructor(readonly settings: ObserverSettings) {}

  /** Wraps a top-level handler; `route` is its template when only one route reaches it. */
  wrap(inner: ServeHandler, route?: string): ServeHandler {
    return (request, server) => {
      const record = this.#start(request, route);
      let answer: Response | Promise<Response>;
      try {
        answer =
          record.context === undefined
            ? inner(request, server)
            : context.with(record.context, inner, undefined, request, server);
      } catch (error) {
        this.#end(request, record, undefined);
        throw error;
      }
      if (!(answer instanceof Promise)) {
        this.#end(request, record, answer);
        return answer;
      }
      return answer.then(
        (settled) => {
          this.#end(request, record, settled);
          return settled;
        },
        (error: unknown) => {
          this.#end(request, record, undefined);
          throw error;
        },
      );
    };
  }

  #start(request: Request, route: string | undefined): RequestRecord {
    const method = methodOf(request.method);
    const scheme = schemeOf(request.url);
    const record = new RequestRecord(method, scheme, performance.now(), route);
    const { tracer, metrics } = this.settings;
    if (tracer !== undefined) {
      const parent = parentContext(request);
      const attributes = requestAttributes(request, method, this.settings.attributes);
      if (route !== undefined) attributes[attr.route] = route;
      const span = tracer.startSpan(
        spanName(method, route),
        { kind: SpanKind.SERVER, attributes },
        parent,
      );
      record.span = span;
      record.context = trace.setSpan(parent, span);
    }
    metrics?.active.add(1, { [attr.method]: method, [attr.scheme]: scheme });
    requestRecords.set(request, record);
    return record;
  }

  #end(request: Request, record: RequestRecord, response: Response | undefined): void {
    if (record.ended) return;
    record.ended = true;
    const seconds = (performance.now() - record.start) / 1000;
    const status = record.upgraded ? 101 : response instanceof Response ? response.status : 500;
    if (status >= 500) record.errorType ??= String(status);
    const { span } = record;
    if (span !== undefined) endSpan(span, record, request, status, response, this.settings);
    const { metrics, accessLog } = this.settings;
    if (metrics !== undefined) {
      const attributes: Attributes = {
        [attr.method]: record.method,
        [attr.scheme]: record.scheme,
        [attr.status]: status,
      };
      if (record.route !== undefined) attributes[attr.route] = record.route;
      if (record.errorType !== undefined) attributes[attr.errorType] = record.errorType;
      metrics.duration.record(seconds, attributes);
      metrics.active.add(-1, { [attr.method]: record.method, [attr.scheme]: record.scheme });
    }
    if (accessLog !== undefined) {
      accessLine(accessLog, {
        method: request.method,
        route: record.route ?? null,
        status,
        durationMs: Math.round(seconds * 1e6) / 1000,
        requestId: getRequestId(request) ?? null,
        traceId: span?.spanContext().traceId ?? null,
        response,
      });
    }
  }
}

const spanName = (method: string, route: string | undefined): string => {
  const name = method === "_OTHER" ? "HTTP" : method;
  return route === undefined ? name : `${name} ${route}`;
};

function endSpan(
  span: NonNullable<RequestRecord["span"]>,
  record: RequestRecord,
  request: Request,
  status: number,
  response: Response | undefined,
  settings: ObserverSettings,
): void {
  const attributes: Attributes = { [attr.status]: status };
  if (record.route !== undefined) {
    attributes[attr.route] = record.route;
    span.updateName(spanName(record.method, record.route));
  }
  if (record.operationId !== undefined) attributes[attr.operationId] = record.operationId;
  if (record.problemType !== undefined) attributes[attr.problemType] = record.problemType;
  const requestId = getRequestId(request);
  if (requestId !== undefined) attributes[attr.requestId] = requestId;
  if (response !== undefined) {
    for (const name of settings.responseHeaders) {
      const value = response.headers.get(name);
      if (value !== null) attributes[`http.response.header.${name}`] = [value];
    }
  }
  // A client's mistake (4xx) is not the server's error; a 5xx is.
  if (status >= 500) {
    attributes[attr.errorType] = record.errorType ?? String(status);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.setAttributes(attributes);
  record.stage?.end();
  span.end();
}
