import {
  type Attributes,
  type Context,
  context,
  type Meter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { MessageOutcome, SocketObserver } from "@trellis/core/extend";
import { requestRecords } from "./request-record.js";

/** The attribute of a message span with the status of its error frame. */
export const messageStatusAttribute = "trellis.websocket.message.status";
/** The attribute of a message span with its route template. */
export const socketRouteAttribute = "trellis.websocket.route";

const noAttributes: Attributes = {};

interface Connection {
  readonly context: Context;
  readonly route: string;
}

function endMessage(span: Span, outcome: MessageOutcome): void {
  if (outcome !== undefined) {
    const status = typeof outcome === "number" ? outcome : outcome.status;
    span.setAttribute(messageStatusAttribute, status);
    if (status >= 500) {
      const error = typeof outcome === "number" ? undefined : outcome.error;
      if (error !== undefined) {
        span.recordException(error instanceof Error ? error : { message: String(error) });
      }
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  span.end();
}

/**
 * Observes an app's WebSocket routes: marks a successful upgrade (its request answered 101), and,
 * with traces on, makes each message a span, a child of the upgrade request's span; with metrics on,
 * counts the open connections.
 */
export class SpanSocketObserver implements SocketObserver {
  readonly #connections = new WeakMap<object, Connection>();

  constructor(
    private readonly tracer: Tracer | undefined,
    private readonly meter: Meter | undefined,
  ) {}

  /** Counts open WebSocket connections, read when metrics are collected (no per-connection work). */
  connections(count: () => number): void {
    this.meter
      ?.createObservableUpDownCounter("trellis.websocket.active_connections", {
        description: "Number of open WebSocket connections.",
        unit: "{connection}",
      })
      .addCallback((result) => result.observe(count(), noAttributes));
  }

  /** The upgrade of `request` succeeded; `data` is the connection's (Bun's `ws.data`). */
  upgraded(request: Request, data: object): void {
    const record = requestRecords.get(request);
    if (record === undefined) return;
    record.upgraded = true;
    if (record.context !== undefined) {
      this.#connections.set(data, { context: record.context, route: record.route ?? "" });
    }
  }

  /** Runs `receive` for one message of the connection whose data is `data`, inside its span. */
  message(data: object, receive: () => MessageOutcome | Promise<MessageOutcome>): void {
    const tracer = this.tracer;
    const connection = this.#connections.get(data);
    if (tracer === undefined || connection === undefined) {
      void receive();
      return;
    }
    const span = tracer.startSpan(
      `WS ${connection.route}`,
      { kind: SpanKind.SERVER, attributes: { [socketRouteAttribute]: connection.route } },
      connection.context ?? ROOT_CONTEXT,
    );
    let outcome: MessageOutcome | Promise<MessageOutcome>;
    try {
      outcome = context.with(trace.setSpan(connection.context, span), receive);
    } catch (error) {
      endMessage(span, { status: 500, error });
      throw error;
    }
    if (outcome instanceof Promise) {
      outcome.then(
        (settled) => endMessage(span, settled),
        (error: unknown) => endMessage(span, { status: 500, error }),
      );
    } else endMessage(span, outcome);
  }
}
