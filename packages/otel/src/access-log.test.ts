import { Writable } from "node:stream";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import { Controller, Get, getRequestLogger, Req, Route } from "@trellis/core";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { openTelemetry } from "./open-telemetry.js";
import { send, testApp } from "./test-helpers/test-app.js";

/** A real pino logger writing JSON lines into `lines`. */
function pinoInto(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return pino({ level: "debug" }, stream);
}

@Route("/things")
class ThingController extends Controller {
  @Get()
  list(@Req() request: Request) {
    getRequestLogger(request).info("listing things", { count: 2 });
    return [1, 2];
  }

  @Get("/broken")
  broken(): never {
    throw new Error("disk full");
  }
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };
const completed = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.msg === "request completed");

describe("the access log of openTelemetry({ accessLog })", () => {
  it("writes one line per request through a pino logger, with no SDK registered", async () => {
    const lines: Record<string, unknown>[] = [];
    // Ids from the proxy in front (trusted here), so the lines can be matched to the requests.
    const app = testApp([ThingController], {
      ...quiet,
      logger: pinoInto(lines),
      plugins: [openTelemetry({ accessLog: true })],
      requestId: { trust: true },
    });
    const listed = await send(app, "GET", "/things", { headers: { "x-request-id": "req-1" } });
    await listed.text();
    const broken = await send(app, "GET", "/things/broken", {
      headers: { "x-request-id": "req-2" },
    });
    expect(broken.status).toBe(500);
    await expect.poll(() => completed(lines).length).toBe(2);
    expect(lines.find((line) => line.msg === "listing things")).toMatchObject({
      level: 30,
      requestId: "req-1",
      count: 2,
    });
    expect(completed(lines)).toEqual([
      expect.objectContaining({
        level: 30,
        method: "GET",
        route: "/things",
        status: 200,
        durationMs: expect.any(Number),
        requestId: "req-1",
        traceId: null,
        bytes: 5,
      }),
      expect.objectContaining({ route: "/things/broken", status: 500, requestId: "req-2" }),
    ]);
  });

  it("takes the lines at debug when asked; an unmatched request has a null route", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = testApp([ThingController], {
      ...quiet,
      logger: pinoInto(lines),
      plugins: [openTelemetry({ accessLog: { level: "debug" } })],
    });
    await send(app, "DELETE", "/nowhere");
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ level: 20, method: "DELETE", route: null, status: 404 });
  });

  it("with traces on, the access line and getRequestLogger's lines carry the request's trace id", async () => {
    const lines: Record<string, unknown>[] = [];
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    const app = testApp([ThingController], {
      ...quiet,
      logger: pinoInto(lines),
      plugins: [openTelemetry({ tracerProvider, accessLog: true })],
    });
    await (await send(app, "GET", "/things")).text();
    await expect.poll(() => completed(lines).length).toBe(1);
    const server = exporter.getFinishedSpans().find((span) => span.name === "GET /things");
    const traceId = server?.spanContext().traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.find((line) => line.msg === "listing things")?.traceId).toBe(traceId);
    expect(completed(lines)[0]?.traceId).toBe(traceId);
  });
});
