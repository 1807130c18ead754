import { metrics, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Controller } from "../controller/controller.js";
import { Param } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { createObservability } from "./app-observability.js";
import { requestRecords } from "./request-record.js";

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  get(@Param("id") id: string) {
    return { id };
  }
}

const options = { openapi: { undeclaredResponses: "off" as const } };

afterEach(() => {
  trace.disable();
  metrics.disable();
  vi.restoreAllMocks();
});

describe("telemetry is decided once, at createApp", () => {
  it("with no SDK registered, nothing observes a request: no record, no call into the API", async () => {
    expect(createObservability({}, console as never)).toBeUndefined();
    const app = testApp([UserController], options);
    const calls = [
      vi.spyOn(trace, "getTracerProvider"),
      vi.spyOn(trace, "getTracer"),
      vi.spyOn(metrics, "getMeter"),
    ];
    const requests = [1, 2, 3].map((n) => new Request(`http://test.local/users/${n}`));
    for (const request of requests) expect((await app.fetch(request)).status).toBe(200);
    expect(calls.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    expect(requests.filter((request) => requestRecords.has(request))).toEqual([]);
  });

  it("traces once an SDK registered a tracer provider before createApp", async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    );
    const app = testApp([UserController], options);
    expect((await send(app, "GET", "/users/7")).status).toBe(200);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      "validation",
      "handler",
      "serialization",
      "GET /users/{id}",
    ]);
  });

  it("telemetry: false stays off with a provider registered; stages: false keeps one span", async () => {
    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(
      new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
    );
    await send(testApp([UserController], { ...options, telemetry: false }), "GET", "/users/1");
    expect(exporter.getFinishedSpans()).toEqual([]);
    await send(
      testApp([UserController], { ...options, telemetry: { stages: false } }),
      "GET",
      "/users/1",
    );
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual(["GET /users/{id}"]);
  });

  it("names an unmatched request by its method alone, and records allowed headers", async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const app = testApp([UserController], {
      ...options,
      telemetry: { tracerProvider, requestHeaders: ["X-Tenant"], query: true },
    });
    await send(app, "GET", "/nowhere?page=2", { headers: { "x-tenant": "acme", cookie: "a=b" } });
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("GET");
    expect(span?.attributes).toMatchObject({
      "http.response.status_code": 404,
      "http.request.header.x-tenant": ["acme"],
      "url.query": "page=2",
      "trellis.problem.type": "about:blank",
    });
    expect(Object.keys(span?.attributes ?? {})).not.toContain("http.request.header.cookie");
    expect(span?.attributes["http.route"]).toBeUndefined();
  });

  it("refuses a bad telemetry or accessLog option at startup", () => {
    expect(() => testApp([UserController], { telemetry: "yes" as never })).toThrow(
      /telemetry must be/,
    );
    expect(() =>
      testApp([UserController], { telemetry: { requestHeaders: ["bad header"] } }),
    ).toThrow(/not a header name/);
    expect(() => testApp([UserController], { accessLog: { level: "trace" } as never })).toThrow(
      /accessLog must be/,
    );
  });
});
