import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleApp } from "../src/app.js";
import { readConfig } from "../src/config.js";
import {
  type RunningExample,
  startExample,
  testEventLoopDelayLimit,
} from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

describe("the health endpoints (healthChecks() of @trellis/health)", () => {
  it("answers the liveness probe", async () => {
    const response = await example.request("/health/live");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers the readiness probe after checking the database, the pub/sub engine and the pressure", async () => {
    const response = await example.request("/health/ready");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      state: "ready",
      checks: {
        database: { status: "up" },
        pubsub: { status: "up", engine: "in-process" },
        eventLoopDelay: { status: "up", value: expect.any(Number), limit: testEventLoopDelayLimit },
        heap: { status: "up", value: expect.any(Number), limit: 1024 ** 3 },
        rss: { status: "up", value: expect.any(Number), limit: 2 * 1024 ** 3 },
      },
    });
  });

  it("serves the hidden metrics endpoint, which the document leaves out", async () => {
    await example.sendJson("/users", { name: "Ada", email: "ada@example.com" });
    const response = await example.request("/health/metrics");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ users: 1, uptimeSeconds: expect.any(Number) });
    const document = (await (await example.request("/docs/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).not.toContain("/health/metrics");
  });

  it("limits the event loop's delay to 1 s unless MAX_EVENT_LOOP_DELAY_MS says otherwise", async () => {
    expect(readConfig({ MAX_EVENT_LOOP_DELAY_MS: "5000" }).maxEventLoopDelayMs).toBe(5000);
    expect(readConfig({}).maxEventLoopDelayMs).toBeUndefined();
    for (const bad of ["0", "-1", "1.5", "soon", "600001"]) {
      expect(() => readConfig({ MAX_EVENT_LOOP_DELAY_MS: bad }), bad).toThrow(
        /MAX_EVENT_LOOP_DELAY_MS/,
      );
    }
    const limitOf = async (app: ReturnType<typeof createExampleApp>) => {
      await app.ready;
      const body = (await (await app.fetch(new Request("http://x/health/ready"))).json()) as {
        checks: { eventLoopDelay: { limit: number } };
      };
      await app.close();
      return body.checks.eventLoopDelay.limit;
    };
    expect(await limitOf(createExampleApp({ databasePath: ":memory:" }))).toBe(1000);
    expect(
      await limitOf(createExampleApp({ databasePath: ":memory:", maxEventLoopDelayMs: 2500 })),
    ).toBe(2500);
  });

  it("reports 503 not ready once the app is closed; other routes fail without leaking why", async () => {
    const logged: string[] = [];
    const logger = { error: (...parts: unknown[]) => logged.push(parts.map(String).join(" ")) };
    const app = createExampleApp({ databasePath: ":memory:", logger });
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      routes: app.routes,
      fetch: app.fetch,
    });
    const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;
    try {
      await app.close();
      const response = await fetch(url("/health/ready"));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", state: "closed", checks: {} });
      expect((await fetch(url("/health/live"))).status).toBe(200);
      const problem = await readProblem(await fetch(url("/users")), 500);
      expect(problem.title).toBe("Internal Server Error");
      // The reason goes to the server's log only.
      expect(logged.join("\n")).toMatch(/UserController\.list.*closed/s);
    } finally {
      await server.stop(true);
    }
  });
});
