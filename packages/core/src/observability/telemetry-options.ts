import type { Attributes, MeterProvider, TracerProvider } from "@opentelemetry/api";

/**
 * What Trellis reports through OpenTelemetry (`createApp({ telemetry })`). By default it is decided
 * once, at `createApp`: traces when a tracer provider is registered with `@opentelemetry/api`,
 * metrics when a meter provider is; with neither, not one request pays for telemetry.
 */
export interface TelemetryOptions {
  /** Where spans go (default: the global one, `trace.setGlobalTracerProvider`). */
  readonly tracerProvider?: TracerProvider;
  /** Where metrics go (default: the global one, `metrics.setGlobalMeterProvider`). */
  readonly meterProvider?: MeterProvider;
  /** Traces (default: on when a tracer provider is registered or given). */
  readonly traces?: boolean;
  /** Metrics (default: on when a meter provider is registered or given). */
  readonly metrics?: boolean;
  /**
   * Child spans for the stages of a route (guards, validation, handler, serialization); default
   * true. `false` keeps one span per request.
   */
  readonly stages?: boolean;
  /**
   * Request headers recorded on the server span as `http.request.header.<name>` (lower case).
   * Default none: header values may carry credentials. `user-agent` is always recorded, as
   * `user_agent.original`.
   */
  readonly requestHeaders?: readonly string[];
  /** Response headers recorded as `http.response.header.<name>`; default none. */
  readonly responseHeaders?: readonly string[];
  /** Record the query string as `url.query` (default false: query values may be personal). */
  readonly query?: boolean;
  /** More attributes for a request's server span, from the request (called once per request). */
  readonly attributes?: (request: Request) => Attributes;
}
