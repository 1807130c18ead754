import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleApp } from "../src/app.js";
import { type RunningExample, startExample } from "./support/example-server.js";
import { readProblem } from "./support/problem.js";

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

describe("the health controller (/health)", () => {
  it("answers the liveness probe", async () => {
    const response = await example.request("/health/live");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers the readiness probe, and its deprecated old path, after checking the database", async () => {
    for (const path of ["/health/ready", "/health"]) {
      const response = await example.request(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "up" });
    }
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

  it("reports 503 not ready once the database is gone; other routes fail without leaking why", async () => {
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
      for (const path of ["/health/ready", "/health"]) {
        const response = await fetch(url(path));
        expect(response.status).toBe(503);
        expect(await response.json()).toEqual({ status: "unavailable", database: "down" });
      }
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
