import { type Meter, metrics, type Tracer, trace } from "@opentelemetry/api";
import type { Logger } from "../errors/logger.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { Operation } from "../operation/operation.js";
import type { AccessLogOptions } from "./access-log.js";
import { type HttpMetrics, httpMetrics } from "./http-metrics.js";
import { isMeterProviderRegistered, isTracerProviderRegistered } from "./registered-providers.js";
import { RequestObserver } from "./request-observer.js";
import { type RouteObservation, routeObservation } from "./route-observation.js";
import { SocketObserver } from "./socket-observer.js";
import type { TelemetryOptions } from "./telemetry-options.js";

/** How an app observes its requests, decided once at `createApp`. */
export interface Observability {
  readonly requests: RequestObserver;
  /** What the route compiler wraps around a route's stages. */
  route(operation: Operation): RouteObservation;
  readonly sockets: SocketObserver;
  /** The app's meter and instruments, when metrics are on. */
  readonly meter: Meter | undefined;
  readonly metrics: HttpMetrics | undefined;
}

/** The name of Trellis's tracer and meter. */
export const instrumentationScope = "@trellis/core";

const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

function headerList(value: unknown, option: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      `createApp: ${option} must be an array of header names.`,
    );
  }
  const names = value.map((name: string) => name.toLowerCase());
  const bad = names.find((name) => !headerName.test(name));
  if (bad !== undefined) {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      `createApp: ${option} has "${bad}", not a header name.`,
    );
  }
  return names;
}

function telemetryOptions(value: unknown): TelemetryOptions | undefined {
  if (value === false) return undefined;
  if (value === undefined || value === true) return {};
  if (value === null || typeof value !== "object") {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      "createApp: telemetry must be a boolean or an object ({ tracerProvider, meterProvider, ... }).",
    );
  }
  const options = value as TelemetryOptions;
  if (options.attributes !== undefined && typeof options.attributes !== "function") {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      "createApp: telemetry.attributes must be a function.",
    );
  }
  return options;
}

function accessLogLevel(value: unknown): "info" | "debug" | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return "info";
  const level = (value as AccessLogOptions | null)?.level ?? "info";
  if (value === null || typeof value !== "object" || (level !== "info" && level !== "debug")) {
    throw new TrellisConfigError(
      "INVALID_OPTION",
      'createApp: accessLog must be a boolean or { level?: "info" | "debug" }.',
    );
  }
  return level;
}

/**
 * Decides, once, what an app observes: traces when a tracer provider is registered (or given),
 * metrics when a meter provider is, the access log when asked. Undefined when none: then nothing
 * observes a request, and every route compiles to the code it has without observability.
 */
export function createObservability(
  options: { readonly telemetry?: unknown; readonly accessLog?: unknown },
  logger: Logger,
): Observability | undefined {
  const telemetry = telemetryOptions(options.telemetry);
  const level = accessLogLevel(options.accessLog);
  const forced = options.telemetry === true;
  let tracer: Tracer | undefined;
  let meter: Meter | undefined;
  if (telemetry !== undefined) {
    const traces =
      telemetry.traces ??
      (forced || telemetry.tracerProvider !== undefined || isTracerProviderRegistered());
    const measured =
      telemetry.metrics ??
      (forced || telemetry.meterProvider !== undefined || isMeterProviderRegistered());
    if (traces)
      tracer = (telemetry.tracerProvider ?? trace.getTracerProvider()).getTracer(
        instrumentationScope,
      );
    if (measured)
      meter = (telemetry.meterProvider ?? metrics.getMeterProvider()).getMeter(
        instrumentationScope,
      );
  }
  // Checked even when nothing is on: a bad option is a startup error wherever the app runs.
  const requestHeaders = headerList(telemetry?.requestHeaders, "telemetry.requestHeaders");
  const responseHeaders = headerList(telemetry?.responseHeaders, "telemetry.responseHeaders");
  if (tracer === undefined && meter === undefined && level === undefined) return undefined;
  const instruments = meter === undefined ? undefined : httpMetrics(meter);
  const requests = new RequestObserver({
    tracer,
    metrics: instruments,
    attributes: { requestHeaders, query: telemetry?.query === true, extra: telemetry?.attributes },
    responseHeaders,
    accessLog: level === undefined ? undefined : { logger, level },
  });
  const stages = telemetry?.stages !== false;
  return {
    requests,
    route: (operation) => routeObservation(operation, tracer, stages),
    sockets: new SocketObserver(tracer),
    meter,
    metrics: instruments,
  };
}
