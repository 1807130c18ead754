import type { Counter, Histogram, Meter, UpDownCounter } from "@opentelemetry/api";

// The conventions' advice for `http.server.request.duration` (seconds).
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** The instruments of an app, made once at `createApp`. */
export interface HttpMetrics {
  /** `http.server.request.duration`: seconds per request, by method, route and status. */
  readonly duration: Histogram;
  /** `http.server.active_requests`: requests being answered, by method and scheme. */
  readonly active: UpDownCounter;
  /** `trellis.events.published`: publishes handed to the publish/subscribe engine. */
  readonly published: Counter;
}

/** Makes the app's HTTP instruments on `meter`. */
export function httpMetrics(meter: Meter): HttpMetrics {
  return {
    duration: meter.createHistogram("http.server.request.duration", {
      description: "Duration of HTTP server requests.",
      unit: "s",
      advice: { explicitBucketBoundaries: durationBuckets },
    }),
    active: meter.createUpDownCounter("http.server.active_requests", {
      description: "Number of active HTTP server requests.",
      unit: "{request}",
    }),
    published: meter.createCounter("trellis.events.published", {
      description: "Events published through the app's publish/subscribe engine.",
      unit: "{event}",
    }),
  };
}
