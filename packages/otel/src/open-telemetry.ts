import { type Meter, metrics, type Tracer, trace } from "@opentelemetry/api";
import type { Logger, PubSub } from "@trellis/core";
import type { AppObserver, AppTelemetry } from "@trellis/core/extend";
import { accessLogLevel } from "./access-log.js";
import { countedPubSub } from "./counted-pubsub.js";
import { eventTrace, tracedPubSub } from "./event-trace.js";
import { httpMetrics } from "./http-metrics.js";
import { errorObserver } from "./observe-errors.js";
import { isMeterProviderRegistered, isTracerProviderRegistered } from "./registered-providers.js";
import { RequestObserver } from "./request-observer.js";
import { requestRecords } from "./request-record.js";
import { routeObservation } from "./route-observation.js";
import { SpanSocketObserver } from "./socket-observer.js";
import { checkOptions, type OpenTelemetryOptions } from "./telemetry-options.js";

/** The name of Trellis's tracer and meter. */
export const instrumentationScope = "@trellis/otel";

/**
 * OpenTelemetry for an app, through `@opentelemetry/api`: a server span per request named by its
 * route template (continuing an incoming trace), child spans for its stages, the HTTP metrics of
 * the semantic conventions, WebSocket message spans, and an optional access log. Decided once, at
 * `createApp`: traces when a tracer provider is registered (or given), metrics when a meter
 * provider is, the access log when asked; with none of them, not one request pays for it.
 *
 * @example
 * startOpenTelemetrySdk(); // registers the SDK's providers first
 * const app = createApp({ schema: typebox(), controllers, plugins: [openTelemetry()] });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): AppTelemetry {
  // Checked here, even when nothing will be on: a bad option is a startup error wherever it runs.
  const { requestHeaders, responseHeaders } = checkOptions(options);
  const level = accessLogLevel(options.accessLog);
  return {
    observe({ logger }): AppObserver | undefined {
      const tracer = tracerOf(options);
      const meter = meterOf(options);
      if (tracer === undefined && meter === undefined && level === undefined) return undefined;
      return observer(options, { tracer, meter, requestHeaders, responseHeaders, logger, level });
    },
  };
}

function tracerOf(options: OpenTelemetryOptions): Tracer | undefined {
  const on =
    options.traces ?? (options.tracerProvider !== undefined || isTracerProviderRegistered());
  if (!on) return undefined;
  return (options.tracerProvider ?? trace.getTracerProvider()).getTracer(instrumentationScope);
}

function meterOf(options: OpenTelemetryOptions): Meter | undefined {
  const on =
    options.metrics ?? (options.meterProvider !== undefined || isMeterProviderRegistered());
  if (!on) return undefined;
  return (options.meterProvider ?? metrics.getMeterProvider()).getMeter(instrumentationScope);
}

interface Decided {
  readonly tracer: Tracer | undefined;
  readonly meter: Meter | undefined;
  readonly requestHeaders: readonly string[];
  readonly responseHeaders: readonly string[];
  readonly logger: Logger;
  readonly level: "info" | "debug" | undefined;
}

function observer(options: OpenTelemetryOptions, decided: Decided): AppObserver {
  const { tracer, meter, logger, level } = decided;
  const instruments = meter === undefined ? undefined : httpMetrics(meter);
  const requests = new RequestObserver({
    tracer,
    metrics: instruments,
    attributes: {
      requestHeaders: decided.requestHeaders,
      query: options.query === true,
      extra: options.attributes,
    },
    responseHeaders: decided.responseHeaders,
    accessLog: level === undefined ? undefined : { logger, level },
  });
  const stages = options.stages !== false;
  return {
    request: (handler, route) => requests.wrap(handler, route),
    route: (operation) => routeObservation(operation, tracer, stages),
    errors: errorObserver,
    ...(instruments || tracer
      ? { pubsub: (pubsub) => observedPubSub(pubsub, tracer, instruments) }
      : {}),
    sockets: new SpanSocketObserver(tracer, meter),
    ...(tracer
      ? {
          traceId: (request) => requestRecords.get(request)?.span?.spanContext().traceId,
          eventTrace,
        }
      : {}),
  };
}

/** The pub/sub counted (metrics on) and with a span per traced delivery (traces on). */
function observedPubSub(
  pubsub: PubSub,
  tracer: Tracer | undefined,
  instruments: ReturnType<typeof httpMetrics> | undefined,
): PubSub {
  const counted = instruments ? countedPubSub(pubsub, instruments.published) : pubsub;
  return tracer ? tracedPubSub(counted, tracer) : counted;
}
