import {
  Controller,
  Get,
  Injectable,
  inProcessPubSub,
  Route,
  serve,
  TrellisConfigError,
} from "@trellis/core";
import { within } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { healthChecks, healthIndicator } from "./index.js";
import { send, testApp } from "./test-helpers/test-app.js";

@Injectable()
class Database {
  up = true;
  ping() {
    return this.up;
  }
}

@Route("/things")
class ThingController extends Controller {
  @Get()
  list() {
    return [];
  }
}

const quiet = { openapi: { undeclaredResponses: "off" as const } };

const ready = async (app: ReturnType<typeof testApp>): Promise<Record<string, any>> => {
  const response = await send(app, "GET", "/health/ready");
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.json(),
  };
};

describe("healthChecks()", () => {
  it("serves liveness, and readiness with each indicator, the pub/sub engine and the app's state", async () => {
    const app = testApp([ThingController], {
      ...quiet,
      providers: [Database],
      health: {
        indicators: {
          database: healthIndicator(Database, (database) => database.ping()),
          cache: () => ({ status: "up", entries: 3 }),
        },
      },
    });
    const live = await send(app, "GET", "/health/live");
    expect([live.status, await live.json()]).toEqual([200, { status: "ok" }]);
    expect(await ready(app)).toEqual({
      status: 200,
      retryAfter: null,
      body: {
        status: "ok",
        state: "ready",
        checks: {
          database: { status: "up" },
          cache: { status: "up", entries: 3 },
          pubsub: { status: "up", engine: "in-process" },
        },
      },
    });
  });

  it("answers 503 when an indicator is down, throws (unlogged to the client) or is late", async () => {
    const warned: unknown[][] = [];
    const app = testApp([ThingController], {
      ...quiet,
      logger: { error: () => {}, warn: (...args: unknown[]) => warned.push(args) },
      health: {
        timeoutMs: 20,
        indicators: {
          down: () => false,
          throws: () => {
            throw new Error("password=secret");
          },
          late: () => new Promise<boolean>(() => {}),
        },
        pubsub: false,
      },
    });
    const answer = await ready(app);
    expect(answer).toEqual({
      status: 503,
      retryAfter: null,
      body: {
        status: "unavailable",
        state: "ready",
        checks: {
          down: { status: "down" },
          throws: { status: "down" },
          late: { status: "down", reason: "timeout" },
        },
      },
    });
    expect(JSON.stringify(answer)).not.toContain("secret");
    expect(warned.map(([message]) => message)).toEqual(['Health check "throws" failed:']);
  });

  it("answers 503 with Retry-After under pressure (an RSS limit of one byte)", async () => {
    const app = testApp([ThingController], {
      ...quiet,
      health: { pressure: { maxRssBytes: 1, retryAfterSeconds: 30 } },
    });
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe("30");
    expect(answer.body.checks.rss).toEqual({ status: "down", value: expect.any(Number), limit: 1 });
    await within(app.close({ graceMs: 0 }), 10, "the app closed");
  });

  it("reports a disconnected engine as degraded, not unready, unless it is made critical", async () => {
    const pubsub = inProcessPubSub();
    const status = pubsub.status.bind(pubsub);
    pubsub.status = () => ({ ...status(), connected: false });
    const app = testApp([ThingController], { ...quiet, pubsub, health: true });
    expect(await ready(app)).toEqual({
      status: 200,
      retryAfter: null,
      body: {
        status: "degraded",
        state: "ready",
        checks: { pubsub: { status: "down", engine: "in-process" } },
        degraded: ["pubsub"],
      },
    });
    const strict = testApp([ThingController], {
      ...quiet,
      pubsub,
      health: { pubsub: { critical: true } },
    });
    expect((await ready(strict)).status).toBe(503);
  });

  it("answers 200 degraded when only non-critical indicators are down, 503 once a critical one is", async () => {
    const state = { cache: false, database: true };
    const app = testApp([ThingController], {
      ...quiet,
      providers: [Database],
      health: {
        pubsub: false,
        indicators: {
          cache: { check: () => state.cache, critical: false },
          search: healthIndicator(Database, () => false, { critical: false }),
          database: () => state.database,
        },
      },
    });
    expect(await ready(app)).toEqual({
      status: 200,
      retryAfter: null,
      body: {
        status: "degraded",
        state: "ready",
        checks: {
          cache: { status: "down" },
          search: { status: "down" },
          database: { status: "up" },
        },
        degraded: ["cache", "search"],
      },
    });
    state.database = false;
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: "unavailable", degraded: ["cache", "search"] });
    state.cache = true;
    state.database = true;
    const healed = await ready(app);
    expect(healed.status).toBe(200);
    expect(healed.body.status).toBe("degraded");
    expect(healed.body.degraded).toEqual(["search"]);
  });

  it("flips readiness to 503 as soon as the app closes; liveness stays 200", async () => {
    const app = testApp([ThingController], { ...quiet, health: { path: "/probes" } });
    const server = serve(app, { port: 0, signals: false, exit: false });
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${base}/probes/ready`)).status).toBe(200);
    const closing = app.close({ graceMs: 2000, drainMs: 200 });
    const during = await within(fetch(`${base}/probes/ready`), 10, "readiness while closing");
    expect([during.status, await during.json()]).toEqual([
      503,
      { status: "unavailable", state: "closing", checks: {} },
    ]);
    expect((await within(fetch(`${base}/probes/live`), 10, "liveness while closing")).status).toBe(
      200,
    );
    await within(closing, 10, "the app closed after its drain");
  });

  it("documents both operations, with 503 and Retry-After", () => {
    const app = testApp([ThingController], { ...quiet, health: true });
    const paths = app.document.paths as Record<string, Record<string, any>>;
    expect(paths["/health/live"]?.get.operationId).toBe("getLiveness");
    const readiness = paths["/health/ready"]?.get;
    expect(readiness.operationId).toBe("getReadiness");
    expect(readiness.tags).toEqual(["health"]);
    expect(readiness.security).toEqual([]);
    expect(Object.keys(readiness.responses)).toEqual(expect.arrayContaining(["200", "503"]));
    expect(readiness.responses["503"].headers["Retry-After"].schema).toEqual({
      type: "integer",
      minimum: 0,
    });
    expect(readiness.responses["200"].content["application/json"].schema.required).toEqual([
      "status",
      "state",
      "checks",
    ]);
  });

  it("refuses a bad option at startup, with INVALID_HEALTH_OPTIONS", () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(TrellisConfigError);
        return [(error as TrellisConfigError).code, (error as Error).message];
      }
      return undefined;
    };
    expect(codeOf(() => healthChecks({ path: "health" }))).toEqual([
      "INVALID_HEALTH_OPTIONS",
      expect.stringMatching(/healthChecks: path must be/),
    ]);
    expect(codeOf(() => healthChecks({ indicators: { db: "yes" as never } }))).toEqual([
      "INVALID_HEALTH_OPTIONS",
      expect.stringMatching(/indicators\.db/),
    ]);
    expect(
      codeOf(() =>
        healthChecks({ indicators: { db: { check: () => true, critical: "no" as never } } }),
      ),
    ).toEqual(["INVALID_HEALTH_OPTIONS", expect.stringMatching(/indicators\.db/)]);
    expect(codeOf(() => healthChecks({ pubsub: "yes" as never }))).toEqual([
      "INVALID_HEALTH_OPTIONS",
      expect.stringMatching(/pubsub must be/),
    ]);
    expect(codeOf(() => healthChecks({ timeoutMs: -1 }))).toEqual([
      "INVALID_HEALTH_OPTIONS",
      expect.stringMatching(/timeoutMs/),
    ]);
    expect(codeOf(() => healthChecks({ pressure: { maxRssBytes: 0 } }))).toEqual([
      "INVALID_HEALTH_OPTIONS",
      expect.stringMatching(/pressure\.maxRssBytes/),
    ]);
  });

  it("refuses a path a route of the app has, with core's PLUGIN_ROUTE_CONFLICT", () => {
    @Route("/health")
    class ProbeController extends Controller {
      @Get("/live")
      live() {
        return "mine";
      }
    }
    expect(() => testApp([ProbeController], { ...quiet, health: true })).toThrow(
      expect.objectContaining({ code: "PLUGIN_ROUTE_CONFLICT" }),
    );
  });

  it("samples pressure once the app is ready, and answers 503 once it closed", async () => {
    const app = testApp([ThingController], {
      ...quiet,
      health: { pressure: { maxEventLoopDelayMs: 60_000, sampleIntervalMs: 5 } },
    });
    expect((await ready(app)).body.checks.eventLoopDelay).toEqual({
      status: "up",
      value: expect.any(Number),
      limit: 60_000,
    });
    await within(app.close({ graceMs: 0 }), 10, "the app closed");
    expect((await ready(app)).status).toBe(503);
  });
});
