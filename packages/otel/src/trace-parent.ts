import {
  type Context,
  createTraceState,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type TextMapGetter,
  trace,
} from "@opentelemetry/api";

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

const traceparent = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(?:-.*)?$/;

/**
 * The context an incoming request continues: what the registered propagator extracts (W3C trace
 * context with the usual SDK setup, or B3, ...), else the request's W3C `traceparent` and
 * `tracestate` read here, so a trace is continued even when no propagator was registered.
 */
export function parentContext(request: Request): Context {
  const headers = request.headers;
  const extracted = propagation.extract(ROOT_CONTEXT, headers, headerGetter);
  if (trace.getSpanContext(extracted) !== undefined) return extracted;
  const header = headers.get("traceparent");
  if (header === null) return extracted;
  const match = traceparent.exec(header.trim());
  // Version ff is invalid; a later version may add fields after ours (ignored).
  if (match === null || match[1] === "ff" || (match[1] === "00" && header.trim().length !== 55)) {
    return extracted;
  }
  const state = headers.get("tracestate");
  const spanContext = {
    traceId: match[2] as string,
    spanId: match[3] as string,
    traceFlags: Number.parseInt(match[4] as string, 16) & 1,
    isRemote: true,
    ...(state ? { traceState: createTraceState(state) } : {}),
  };
  return isSpanContextValid(spanContext) ? trace.setSpanContext(extracted, spanContext) : extracted;
}
