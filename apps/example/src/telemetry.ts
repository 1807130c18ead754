// OpenTelemetry for the example: with OTEL_EXPORTER_OTLP_ENDPOINT set, the SDK is loaded and
// registered before the app is created (the app's openTelemetry() of @trellis/otel decides at
// createApp), and traces and metrics go over OTLP/HTTP. Without it nothing is loaded and no
// request pays for telemetry.

/** The OTLP/HTTP encodings the example speaks (`OTEL_EXPORTER_OTLP_PROTOCOL`). */
export type OtlpProtocol = "http/protobuf" | "http/json";

/** The registered SDK: flushes what is buffered and stops exporting. */
export interface Telemetry {
  readonly protocol: OtlpProtocol;
  shutdown(): Promise<void>;
}

/**
 * Reads `OTEL_EXPORTER_OTLP_PROTOCOL` (default `http/protobuf`, as the specification says); throws
 * a readable error for gRPC or anything else.
 */
export function otlpProtocol(value: string | undefined): OtlpProtocol {
  if (value === undefined || value === "" || value === "http/protobuf") return "http/protobuf";
  if (value === "http/json") return value;
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, not ${JSON.stringify(value)} (the example sends OTLP over HTTP).`,
  );
}

/**
 * Registers the OpenTelemetry SDK when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: a tracer provider
 * with a batch span processor, a meter provider exporting every `OTEL_METRIC_EXPORT_INTERVAL` ms
 * (default 60 000), the W3C propagators and an AsyncLocalStorage context manager. The exporters
 * read the endpoint, headers and timeouts from the standard `OTEL_*` variables themselves.
 * Resolves to undefined, having loaded nothing, when the endpoint is not set.
 *
 * @example
 * const telemetry = await startTelemetry(process.env); // before createApp
 */
export async function startTelemetry(
  env: Record<string, string | undefined>,
): Promise<Telemetry | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const protocol = otlpProtocol(env.OTEL_EXPORTER_OTLP_PROTOCOL);
  const json = protocol === "http/json";
  const [api, core, hooks, resources, sdkTrace, sdkMetrics, traceExporter, metricExporter] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/core"),
      import("@opentelemetry/context-async-hooks"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/sdk-metrics"),
      json
        ? import("@opentelemetry/exporter-trace-otlp-http")
        : import("@opentelemetry/exporter-trace-otlp-proto"),
      json
        ? import("@opentelemetry/exporter-metrics-otlp-http")
        : import("@opentelemetry/exporter-metrics-otlp-proto"),
    ]);
  const resource = resourceOf(resources, env);
  const tracerProvider = new sdkTrace.TracerProvider({
    resource,
    spanProcessors: [
      new sdkTrace.BatchSpanProcessor({ exporter: new traceExporter.OTLPTraceExporter() }),
    ],
  });
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;
  const meterProvider = new sdkMetrics.MeterProvider({
    resource,
    readers: [
      new sdkMetrics.PeriodicExportingMetricReader({
        exporter: new metricExporter.OTLPMetricExporter(),
        exportIntervalMillis: interval,
      }),
    ],
  });
  api.context.setGlobalContextManager(new hooks.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  api.trace.setGlobalTracerProvider(tracerProvider);
  api.metrics.setGlobalMeterProvider(meterProvider);
  return {
    protocol,
    shutdown: async () => {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}

/** `service.name` from `OTEL_SERVICE_NAME` (default `trellis-example`). */
function resourceOf(
  resources: typeof import("@opentelemetry/resources"),
  env: Record<string, string | undefined>,
) {
  return resources.resourceFromAttributes({
    "service.name": env.OTEL_SERVICE_NAME || "trellis-example",
  });
}
