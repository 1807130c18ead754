import {
  context,
  createTraceState,
  isSpanContextValid,
  type Link,
  ROOT_CONTEXT,
  type SpanContext,
  SpanKind,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { PubSub, PubSubListener } from "@trellis/core";
import type { EventMeta } from "@trellis/core/extend";
import { requestRecords } from "./request-record.js";

const traceparent = /^00-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;

/** The W3C trace context of a request's server span, carried with the events it publishes. */
export function eventTrace(
  request: Request,
): { traceparent: string; tracestate?: string } | undefined {
  const span = requestRecords.get(request)?.span;
  if (span === undefined) return undefined;
  const { traceId, spanId, traceFlags, traceState } = span.spanContext();
  const header = `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
  const state = traceState?.serialize();
  return state ? { traceparent: header, tracestate: state } : { traceparent: header };
}

/** The publishing span of an event, read back from its meta (undefined: none, or not ours). */
export function publishingSpan(meta: EventMeta | undefined): SpanContext | undefined {
  const match = meta?.traceparent === undefined ? null : traceparent.exec(meta.traceparent);
  if (match === null) return undefined;
  const context: SpanContext = {
    traceId: match[1] as string,
    spanId: match[2] as string,
    traceFlags: Number.parseInt(match[3] as string, 16) & 1,
    isRemote: true,
    ...(meta?.tracestate ? { traceState: createTraceState(meta.tracestate) } : {}),
  };
  return isSpanContextValid(context) ? context : undefined;
}

/**
 * The app's pub/sub with a consumer span around each delivery of an event published inside a
 * traced request: `process <topic>`, a new trace linked to the publishing span (the messaging
 * conventions' choice: one publish may fan out to many deliveries, on other instances, later).
 * An event without a publishing span is delivered as it comes, with no span.
 */
export function tracedPubSub(pubsub: PubSub, tracer: Tracer): PubSub {
  const traced: PubSub = {
    publish: (topic, payload, meta) => pubsub.publish(topic, payload, meta),
    subscribe: (topic, listener) => pubsub.subscribe(topic, withSpan(listener, tracer)),
    replay: (topic, after) => pubsub.replay(topic, after),
    compare: (a, b) => pubsub.compare(a, b),
    status: () => pubsub.status(),
    close: () => pubsub.close(),
  };
  if (pubsub.open !== undefined) traced.open = (context) => pubsub.open?.(context);
  return traced;
}

function withSpan(listener: PubSubListener, tracer: Tracer): PubSubListener {
  const run = (payload: string, id: string, topic: string, meta: EventMeta | undefined) => {
    const publisher = publishingSpan(meta);
    if (publisher === undefined) {
      listener(payload, id, topic, meta);
      return;
    }
    const links: Link[] = [{ context: publisher }];
    const span = tracer.startSpan(
      `process ${topic}`,
      {
        kind: SpanKind.CONSUMER,
        links,
        attributes: {
          "messaging.operation.type": "process",
          "messaging.destination.name": topic,
          ...(id === "" ? {} : { "messaging.message.id": id }),
          ...(meta?.requestId === undefined ? {} : { "trellis.published_by": meta.requestId }),
        },
      },
      ROOT_CONTEXT,
    );
    try {
      // Spans the subscriber starts are children of the delivery span.
      context.with(trace.setSpan(ROOT_CONTEXT, span), () => listener(payload, id, topic, meta));
    } finally {
      span.end();
    }
  };
  // A listener declared with the payload only (it never reads the id) keeps that shape, so the
  // adapter still skips making ids for it.
  return listener.length === 1
    ? (payload: string, ...rest: unknown[]) =>
        run(payload, rest[0] as string, rest[1] as string, rest[2] as EventMeta | undefined)
    : run;
}
