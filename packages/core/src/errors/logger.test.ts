import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { Controller } from "../controller/controller.js";
import { Req } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Get } from "../decorators/verbs.js";
import { getRequestLogger } from "../observability/request-logger.js";
import { send, testApp } from "../test-helpers/test-app.js";
import { childLogger, consoleLogger, normalizeLogger } from "./logger.js";

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
    getRequestLogger(request).info?.("listing things", { count: 2 });
    return [1, 2];
  }

  @Get("/broken")
  broken(): never {
    throw new Error("disk full");
  }
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };

describe("a pino logger passed as it is", () => {
  it("gets errors with the exception under err, and request-bound lines as fields", async () => {
    const lines: Record<string, unknown>[] = [];
    // Ids from the proxy in front (trusted here), so the lines can be matched to the requests.
    const app = testApp([ThingController], {
      ...quiet,
      logger: pinoInto(lines),
      requestId: { trust: true },
    });
    const listed = await send(app, "GET", "/things", { headers: { "x-request-id": "req-1" } });
    await listed.text();
    const broken = await send(app, "GET", "/things/broken", {
      headers: { "x-request-id": "req-2" },
    });
    expect(broken.status).toBe(500);
    await expect.poll(() => lines.length).toBe(2);
    const listing = lines.find((line) => line.msg === "listing things");
    expect(listing).toMatchObject({ level: 30, requestId: "req-1", count: 2 });
    // No telemetry: nothing to bind a trace id from.
    expect(listing).not.toHaveProperty("traceId");
    const error = lines.find((line) => line.level === 50) as {
      msg: string;
      err: { message: string; stack: string };
    };
    expect(error.msg).toBe("Unhandled error in ThingController.broken (request req-2)");
    expect(error.err.message).toBe("disk full");
    expect(error.err.stack).toContain("disk full");
  });
});

describe("the console logger", () => {
  it("prints a structured line and a child's lines as one line of JSON after the message", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      consoleLogger.info?.("request completed", { status: 200 });
      const child = childLogger(consoleLogger, { requestId: "r1" });
      child.info?.("created", { id: 7 });
      const failure = new Error("x");
      child.error("failed", failure);
      expect(info.mock.calls).toEqual([
        ['request completed {"status":200}'],
        ['created {"requestId":"r1","id":7}'],
      ]);
      expect(error.mock.calls).toEqual([['failed {"requestId":"r1"}', failure]]);
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });

  it("leaves a console-style logger as it is, and binds a child of one without child()", () => {
    const calls: unknown[][] = [];
    const logger = { error: (...args: unknown[]) => calls.push(args) };
    expect(normalizeLogger(logger)).toBe(logger);
    childLogger(logger, { requestId: "r2" }).error("boom", 1);
    expect(calls).toEqual([["boom", 1, { requestId: "r2" }]]);
  });
});
