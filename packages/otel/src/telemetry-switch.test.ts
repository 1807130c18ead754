import { metrics, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { Controller, Get, Param, Route } from "@trellis/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openTelemetry } from "./open-telemetry.js";
import { requestRecords } from "./request-record.js";
import { expectConfigError, send, testApp } from "./test-helpers/test-app.js";

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  get(@Param("id") id: string) {
    return { id };
  }
}

const options = { openapi: { undeclaredResponses: "off" as const } };
const registerTracer = () => {
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
  );
  return exporter;
};

afterEach(() => {
  trace.disable();
  metrics.disable();
  vi.restoreAllMocks();
});

describe("telemetry is decided once, at createApp", () => {
  it("with no SDK registered, nothing observes a request: no record, no call into the API", async () => {
    expect(openTelemetry().observe({ logger: console })).toBeUndefined();
    const app = testApp([UserController], { ...options, plugins: [openTelemetry()] });
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
    const exporter = registerTracer();
    const app = testApp([UserController], { ...options, plugins: [openTelemetry()] });
    expect((await send(app, "GET", "/users/7")).status).toBe(200);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      "validation",
      "handler",
      "serialization",
      "GET /users/{id}",
    ]);
  });

  it("an app without telemetry is not traced, with a provider registered", async () => {
    const exporter = registerTracer();
    const app = testApp([UserController], options);
    const request = new Request("http://test.local/users/1");
    expect((await app.fetch(request)).status).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(requestRecords.has(request)).toBe(false);
  });

  it("traces: false stays off with a provider registered; stages: false keeps one span", async () => {
    const exporter = registerTracer();
    const off = openTelemetry({ traces: false, metrics: false });
    expect(off.observe({ logger: console })).toBeUndefined();
    await send(testApp([UserController], { ...options, plugins: [off] }), "GET", "/users/1");
    expect(exporter.getFinishedSpans()).toEqual([]);
    await send(
      testApp([UserController], { ...options, plugins: [openTelemetry({ stages: false })] }),
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
      plugins: [openTelemetry({ tracerProvider, requestHeaders: ["X-Tenant"], query: true })],
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

  it("refuses bad options when openTelemetry is called, and core refuses what is not a telemetry", () => {
    expectConfigError(
      () => openTelemetry({ requestHeaders: ["bad header"] }),
      "INVALID_TELEMETRY_OPTIONS",
      'openTelemetry: requestHeaders has "bad header", not a header name.',
    );
    expectConfigError(
      () => openTelemetry({ attributes: "x" as never }),
      "INVALID_TELEMETRY_OPTIONS",
      "attributes must be a function",
    );
    expectConfigError(
      () => openTelemetry({ stages: "no" as never }),
      "INVALID_TELEMETRY_OPTIONS",
      "stages must be a boolean",
    );
    expectConfigError(
      () => openTelemetry({ accessLog: { level: "trace" } as never }),
      "INVALID_TELEMETRY_OPTIONS",
      "accessLog must be",
    );
    // The old forms of the option (before @trellis/otel, and the telemetry option itself) say
    // what replaced them.
    for (const old of [true, { stages: false }, openTelemetry()]) {
      expectConfigError(
        () => testApp([UserController], { telemetry: old } as never),
        "OPTION_MOVED",
        "createApp: the telemetry option moved: list openTelemetry() in plugins.",
      );
    }
  });
});
