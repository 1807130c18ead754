// Real spans and metrics, made by the official OpenTelemetry JS SDK and sent by its OTLP/HTTP
// exporters to a receiver in this test, which decodes the payloads: the span tree and attributes
// of a guarded, validated request, a 400, a 500 and a WebSocket message.
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPMetricExporter } from "@opentelemetry/exporter-metrics-otlp-http";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import {
  Body,
  Controller,
  Get,
  HttpException,
  OnMessage,
  OperationId,
  Param,
  Post,
  Route,
  serve,
  UseGuards,
  WebSocketRoute,
} from "@trellis/core";
import { openSocket, schema } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTelemetry } from "./open-telemetry.js";
import { otlpReceiver, type ReceivedSpan } from "./test-helpers/otlp-receiver.js";
import { testApp } from "./test-helpers/test-app.js";

const receiver = otlpReceiver();
const tracerProvider = new TracerProvider({
  spanProcessors: [
    new BatchSpanProcessor({
      exporter: new OTLPTraceExporter({ url: `${receiver.endpoint}/v1/traces` }),
    }),
  ],
});
const reader = new PeriodicExportingMetricReader({
  exporter: new OTLPMetricExporter({ url: `${receiver.endpoint}/v1/metrics` }),
  exportIntervalMillis: 600_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });
const appTracer = tracerProvider.getTracer("items-app");

const Item = schema({
  type: "object",
  required: ["name"],
  properties: { name: { type: "string", minLength: 1 } },
});

@Route("/items")
class ItemController extends Controller {
  @Post("/:id")
  @OperationId("createItem")
  @UseGuards(() => true)
  create(@Param("id") id: string, @Body(Item) item: { name: string }) {
    // A span the app makes itself: a child of the handler's span.
    appTracer.startActiveSpan("load item", (span) => span.end());
    this.setStatus(201);
    return { id, name: item.name };
  }

  @Get("/boom")
  boom(): never {
    throw new Error("the database password is hunter2");
  }

  @Get("/missing")
  missing(): never {
    throw new HttpException(404, "No such item.", { type: "https://example.com/problems/missing" });
  }
}

@WebSocketRoute("/ws/chat")
class ChatSocket {
  @OnMessage("say", schema({ type: "string" }))
  say(_connection: unknown, text: string) {
    return { type: "said", data: text };
  }
}

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const remoteSpanId = "00f067aa0ba902b7";

const app = testApp([ItemController, ChatSocket], {
  plugins: [openTelemetry({ tracerProvider, meterProvider })],
  openapi: { undeclaredResponses: "off" },
});
const server = serve(app, { port: 0, hostname: "127.0.0.1", signals: false, exit: false });
const base = `http://127.0.0.1:${server.port}`;
const answers: Record<string, Response> = {};
const manager = new AsyncLocalStorageContextManager();

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/items/42?token=query-secret`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  context.setGlobalContextManager(manager.enable());
  answers.created = await post(
    { name: "lamp" },
    {
      traceparent: `00-${traceId}-${remoteSpanId}-01`,
      authorization: "Bearer header-secret",
    },
  );
  answers.invalid = await post({ name: "" });
  answers.failed = await fetch(`${base}/items/boom`);
  answers.missing = await fetch(`${base}/items/missing`);
  const socket = await openSocket(`ws://127.0.0.1:${server.port}/ws/chat`);
  socket.send({ type: "say", data: "hello" });
  await socket.next();
  app.publish("news", { headline: "x" });
  // Metrics are read while the connection is open: one open connection.
  await meterProvider.forceFlush();
  socket.socket.close();
  await socket.closed;
  await tracerProvider.forceFlush();
});

afterAll(async () => {
  context.disable();
  await app.close({ graceMs: 1000 });
  await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
  receiver.stop();
});

const serverSpan = (name: string, status: number): ReceivedSpan => {
  const found = receiver.spans.filter(
    (span) => span.name === name && span.attributes["http.response.status_code"] === status,
  );
  expect(found).toHaveLength(1);
  return found[0] as ReceivedSpan;
};
const childrenOf = (parent: ReceivedSpan) =>
  receiver.spans.filter((span) => span.parentSpanId === parent.spanId);

describe("OTLP export with the OpenTelemetry SDK", () => {
  it("answers as it would without telemetry", async () => {
    expect(answers.created?.status).toBe(201);
    expect(answers.invalid?.status).toBe(400);
    expect(answers.failed?.status).toBe(500);
    const failed = await answers.failed?.text();
    expect(failed).not.toContain("hunter2");
    expect(receiver.contentTypes).toEqual(new Set(["application/json"]));
  });

  it("a guarded, validated request: a server span continuing the caller's trace, its stages as children", () => {
    const span = serverSpan("POST /items/{id}", 201);
    expect(span).toMatchObject({ traceId, parentSpanId: remoteSpanId, kind: 2, status: 0 });
    expect(span.scope).toBe("@trellis/otel");
    expect(span.attributes).toEqual({
      "http.request.method": "POST",
      "http.route": "/items/{id}",
      "url.path": "/items/42",
      "url.scheme": "http",
      "server.address": "127.0.0.1",
      "server.port": server.port,
      "user_agent.original": expect.any(String),
      "http.response.status_code": 201,
      "trellis.operation.id": "createItem",
      // Made on demand for the span: no answer carries it by default.
      "trellis.request.id": expect.stringMatching(/^[0-9a-f]{12}-[0-9a-z]+$/),
    });
    const stages = childrenOf(span);
    expect(stages.map((stage) => stage.name).sort()).toEqual(
      ["guards", "handler", "serialization", "validation"].sort(),
    );
    for (const stage of stages) {
      expect(stage).toMatchObject({ traceId, kind: 1, status: 0 });
      expect(stage.attributes["trellis.stage"]).toBe(stage.name);
    }
    const handler = stages.find((stage) => stage.name === "handler") as ReceivedSpan;
    expect(handler.attributes["code.function.name"]).toBe("ItemController.create");
    expect(childrenOf(handler).map((child) => child.name)).toEqual(["load item"]);
  });

  it("records no header value, query value or body", () => {
    const text = JSON.stringify(receiver.spans);
    for (const secret of ["header-secret", "query-secret", "lamp"])
      expect(text).not.toContain(secret);
    const keys = receiver.spans.flatMap((span) => Object.keys(span.attributes));
    expect(keys.filter((key) => key.startsWith("http.request.header."))).toEqual([]);
    expect(keys).not.toContain("url.query");
  });

  it("a 400: not an error, with its problem type; the handler never ran", () => {
    const span = serverSpan("POST /items/{id}", 400);
    expect(span.status).toBe(0);
    expect(span.attributes["trellis.problem.type"]).toBe("about:blank");
    expect(span.attributes["error.type"]).toBeUndefined();
    expect(span.traceId).not.toBe(traceId);
    expect(
      childrenOf(span)
        .map((stage) => stage.name)
        .sort(),
    ).toEqual(["guards", "validation"]);
  });

  it("a thrown 404: not an error, with the exception's problem type", () => {
    const span = serverSpan("GET /items/missing", 404);
    expect(span.status).toBe(0);
    expect(span.attributes["trellis.problem.type"]).toBe("https://example.com/problems/missing");
    expect(span.events).toEqual([]);
  });

  it("a 500: an error, the exception recorded on the span, never in the answer", () => {
    const span = serverSpan("GET /items/boom", 500);
    expect(span.status).toBe(2);
    expect(span.attributes["error.type"]).toBe("Error");
    expect(span.events).toEqual([
      {
        name: "exception",
        attributes: expect.objectContaining({
          "exception.type": "Error",
          "exception.message": "the database password is hunter2",
        }),
      },
    ]);
    const handler = childrenOf(span).find((stage) => stage.name === "handler");
    expect(handler?.status).toBe(2);
  });

  it("a WebSocket upgrade is a span answered 101; each message a span under it", () => {
    const upgrade = serverSpan("GET /ws/chat", 101);
    const messages = childrenOf(upgrade).filter((span) => span.name === "WS /ws/chat");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      traceId: upgrade.traceId,
      kind: 2,
      status: 0,
      attributes: { "trellis.websocket.route": "/ws/chat" },
    });
  });

  it("exports the HTTP metrics, the events published and the open WebSocket connections", () => {
    const points = receiver.latestPoints();
    const durations = points.filter((point) => point.metric === "http.server.request.duration");
    expect(durations.every((point) => point.unit === "s")).toBe(true);
    const count = (route: string, status: number) =>
      durations
        .filter(
          (point) =>
            point.attributes["http.route"] === route &&
            point.attributes["http.response.status_code"] === status,
        )
        .reduce((sum, point) => sum + point.value, 0);
    expect(count("/items/{id}", 201)).toBe(1);
    expect(count("/items/{id}", 400)).toBe(1);
    expect(count("/items/boom", 500)).toBe(1);
    expect(count("/ws/chat", 101)).toBe(1);
    const failed = durations.find((point) => point.attributes["http.route"] === "/items/boom");
    expect(failed?.attributes).toEqual({
      "http.request.method": "GET",
      "url.scheme": "http",
      "http.route": "/items/boom",
      "http.response.status_code": 500,
      "error.type": "Error",
    });
    const value = (metric: string) =>
      points
        .filter((point) => point.metric === metric)
        .reduce((sum, point) => sum + point.value, 0);
    expect(value("http.server.active_requests")).toBe(0);
    expect(value("trellis.events.published")).toBe(1);
    expect(value("trellis.websocket.active_connections")).toBe(1);
  });
});
