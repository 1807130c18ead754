import type { Attributes, MeterProvider, TracerProvider } from "@opentelemetry/api";
import { defineConfigErrors } from "@trellis/core/extend";
import type { AccessLogOptions } from "./access-log.js";

/** The startup error codes of @trellis/otel, with their message templates (README lists them). */
export const telemetryErrors = {
  INVALID_TELEMETRY_OPTIONS: {
    meaning: "an option of openTelemetry has the wrong type or value",
    message: "openTelemetry: %s",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_TELEMETRY_OPTIONS: typeof telemetryErrors.INVALID_TELEMETRY_OPTIONS.meaning;
  }
}

/** Makes the startup error of one of this package's codes from its template. */
export const telemetryError = defineConfigErrors(telemetryErrors);

/**
 * What `openTelemetry(options)` reports. By default it is decided once, at `createApp`: traces when
 * a tracer provider is registered with `@opentelemetry/api`, metrics when a meter provider is;
 * with neither (and no access log), not one request pays for telemetry.
 */
export interface OpenTelemetryOptions {
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
  /**
   * One line per request through the app's logger ("request completed": method, route, status,
   * durationMs, requestId, traceId, bytes); `true` at `info`. Default off.
   */
  readonly accessLog?: boolean | AccessLogOptions;
}

const invalid = (message: string) => telemetryError("INVALID_TELEMETRY_OPTIONS", [message]);

const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

function headerList(value: unknown, option: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) {
    throw invalid(`${option} must be an array of header names.`);
  }
  const names = value.map((name: string) => name.toLowerCase());
  const bad = names.find((name) => !headerName.test(name));
  if (bad !== undefined) throw invalid(`${option} has "${bad}", not a header name.`);
  return names;
}

const booleans = ["traces", "metrics", "stages", "query"] as const;

/** Checks the options, once; returns the header allow-lists in lower case. */
export function checkOptions(options: OpenTelemetryOptions): {
  readonly requestHeaders: readonly string[];
  readonly responseHeaders: readonly string[];
} {
  if (options === null || typeof options !== "object") {
    throw invalid("its options must be an object ({ tracerProvider, meterProvider, ... }).");
  }
  if (options.attributes !== undefined && typeof options.attributes !== "function") {
    throw invalid("attributes must be a function.");
  }
  for (const name of booleans) {
    if (options[name] !== undefined && typeof options[name] !== "boolean") {
      throw invalid(`${name} must be a boolean.`);
    }
  }
  return {
    requestHeaders: headerList(options.requestHeaders, "requestHeaders"),
    responseHeaders: headerList(options.responseHeaders, "responseHeaders"),
  };
}
