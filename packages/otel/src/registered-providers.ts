import { createNoopMeter, metrics, ProxyTracerProvider, trace } from "@opentelemetry/api";

// What the API answers while nothing is registered: its proxy's no-op delegate.
const noopTracerProvider = new ProxyTracerProvider().getDelegate();

/** True when an SDK registered a tracer provider with `@opentelemetry/api` (read at startup). */
export function isTracerProviderRegistered(): boolean {
  const provider = trace.getTracerProvider();
  return (
    !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== noopTracerProvider
  );
}

/** True when an SDK registered a meter provider with `@opentelemetry/api` (read at startup). */
export function isMeterProviderRegistered(): boolean {
  return metrics.getMeter("@trellis/core") !== createNoopMeter();
}
