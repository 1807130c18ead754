import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { Controller, Get, Inject, Route, Topics } from "@trellis/core";
import type { EventMeta } from "@trellis/core/extend";
import { within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { publishingSpan } from "./event-trace.js";
import { openTelemetry } from "./open-telemetry.js";
import { send, testApp } from "./test-helpers/test-app.js";

@Route("/orders")
class OrderController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Get("/place")
  place() {
    return { sent: this.topics.publish("orders", { n: 1 }) };
  }
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };

describe("events published inside a traced request", () => {
  it("carry its trace context: each delivery is a consumer span linked to the publishing span", async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const app = testApp([OrderController], {
      ...quiet,
      requestContext: true,
      requestId: { trust: true },
      plugins: [openTelemetry({ tracerProvider })],
    });
    const metas: (EventMeta | undefined)[] = [];
    let delivered: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (delivered = resolve));
    app.pubsub.subscribe("orders", (_payload, _id, _topic, meta) => {
      metas.push(meta);
      delivered();
    });
    try {
      const response = await send(app, "GET", "/orders/place", {
        headers: { "x-request-id": "place-1" },
      });
      expect(response.status).toBe(200);
      await within(arrived, 10, "the delivery");
      const server = exporter.getFinishedSpans().find((span) => span.name === "GET /orders/place");
      const published = server?.spanContext();
      expect(published?.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(metas[0]).toEqual({
        requestId: "place-1",
        traceparent: `00-${published?.traceId}-${published?.spanId}-01`,
      });
      const process = exporter.getFinishedSpans().filter((span) => span.name === "process orders");
      expect(process).toHaveLength(1);
      expect(process[0]?.links.map((link) => link.context.traceId)).toEqual([published?.traceId]);
      expect(process[0]?.links[0]?.context.spanId).toBe(published?.spanId);
      expect(process[0]?.attributes).toMatchObject({
        "messaging.destination.name": "orders",
        "trellis.published_by": "place-1",
      });
      // Outside a request there is no publishing span: the event arrives with no delivery span.
      app.publish("orders", { n: 2 });
      expect(metas).toHaveLength(2);
      expect(metas[1]).toBeUndefined();
      expect(
        exporter.getFinishedSpans().filter((span) => span.name === "process orders"),
      ).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("reads back only a well-formed traceparent", () => {
    const id = "0af7651916cd43dd8448eb211c80319c";
    expect(publishingSpan({ traceparent: `00-${id}-b7ad6b7169203331-01` })).toMatchObject({
      traceId: id,
      spanId: "b7ad6b7169203331",
      traceFlags: 1,
      isRemote: true,
    });
    for (const bad of [
      "",
      "00-x",
      `00-${"0".repeat(32)}-b7ad6b7169203331-01`,
      `ff-${id}-b7ad6b7169203331-01`,
    ]) {
      expect(publishingSpan({ traceparent: bad })).toBeUndefined();
    }
    expect(publishingSpan(undefined)).toBeUndefined();
  });
});
