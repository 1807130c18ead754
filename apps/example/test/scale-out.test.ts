import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Deployment, startDeployment } from "./support/deployment.js";
import { watchDrain } from "./support/drain-watch.js";
import { freePort } from "./support/free-port.js";
import { markDown } from "./support/nginx.js";
import { until200 } from "./support/processes.js";
import { guideNginxConfig, runScaleOut } from "./support/scale-out.js";

describe("docs/deployment.md's nginx block", () => {
  it("is read with the test's ports, and a restart marks one line down and back", () => {
    const config = guideNginxConfig([4001, 4002, 4003], 4000);
    expect(config).toContain("server 127.0.0.1:4001 max_fails=0;");
    expect(config).toContain("server 127.0.0.1:4003 max_fails=0;");
    expect(config).toContain("listen 127.0.0.1:4000;");
    const down = markDown(config, 4002, true);
    expect(down).toContain("server 127.0.0.1:4002 max_fails=0 down;");
    expect(markDown(down, 4002, false)).toBe(config);
  });

  it("carries WebSockets, request ids and unbuffered SSE", () => {
    const config = guideNginxConfig([4001, 4002, 4003], 4000);
    expect(config).toMatch(/map \$http_upgrade \$connection_upgrade/);
    expect(config).toContain("proxy_http_version 1.1;");
    expect(config).toContain("proxy_set_header Upgrade $http_upgrade;");
    expect(config).toContain("proxy_set_header Connection $connection_upgrade;");
    // nginx's own id, never the client's (a client-sent id is client input).
    expect(config).not.toContain("$http_x_request_id");
    expect(config).toContain("proxy_set_header X-Request-ID $request_id;");
    // Buffering stays on for other answers: SSE is unbuffered by its X-Accel-Buffering header.
    expect(config).not.toContain("proxy_ignore_headers");
    // nginx closes idle upstream connections before the app would (Bun's idleTimeout is 10 s).
    expect(config).toMatch(/keepalive_timeout [1-9]s;/);
  });
});

describe("the documented deployment: 3 instances on one Postgres, events through Redis, nginx", () => {
  let deployment: Deployment;
  beforeAll(async () => {
    deployment = await startDeployment({ instances: 3, events: "redis" });
  }, 900_000);
  afterAll(() => deployment?.stop(), 120_000);

  it("replaces a client's X-Request-ID with nginx's own, echoed and in problem+json bodies", async () => {
    const front = deployment.nginx.url;
    const ok = await fetch(`${front}/users?limit=1`, { headers: { "x-request-id": "client-42" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const missing = await fetch(`${front}/users/no-such-user`, {
      headers: { "x-request-id": "client-43" },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    const id = missing.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(((await missing.json()) as { requestId?: string }).requestId).toBe(id);
  }, 60_000);

  it("gives a request without an id nginx's $request_id, the same in the body", async () => {
    const response = await fetch(`${deployment.nginx.url}/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(400);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(((await response.json()) as { requestId?: string }).requestId).toBe(id);
  }, 60_000);

  it("upgrades WebSockets through nginx (101, not 426)", async () => {
    const socket = new WebSocket(`${deployment.nginx.url.replace(/^http/, "ws")}/ws/users`);
    const answer = await within(
      new Promise<unknown>((resolve, reject) => {
        socket.onopen = () => socket.send(JSON.stringify({ type: "ping" }));
        socket.onmessage = (message) => resolve(JSON.parse(String(message.data)));
        socket.onerror = () => reject(new Error("the upgrade through nginx failed"));
      }),
      30,
      "the pong through nginx",
    );
    socket.close();
    expect(answer).toEqual({ type: "pong" });
  }, 60_000);

  it("answers readiness 503 while it still serves other requests during the drain window", async () => {
    // Its own instance, outside nginx: SIGTERM, then watch it through its own port until it closes.
    const port = await freePort();
    // A drain window long enough to be watched on a busy machine.
    const instance = deployment.startInstance(port, { DRAIN_MS: "5000" });
    await until200(`http://127.0.0.1:${port}/health/ready`, instance);
    const seen = await watchDrain(`http://127.0.0.1:${port}`, instance);
    expect(await within(instance.exited, 30, "the instance exiting after its drain")).toBe(0);
    expect(seen.readinessDuringDrain, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.servedDuringDrain, JSON.stringify(seen)).toBeGreaterThan(0);
    // Once it answers 503 it never answers ready again.
    expect(seen.readyAfterDrainBegan).toBe(0);
  }, 120_000);

  it("loses nothing across a rolling restart: GET and POST under wrk, SSE and WebSocket clients", async () => {
    // The guide's restart (out of nginx, SIGTERM, replacement, readiness, back in), one instance
    // after the other, under load; wrk opens a connection per request (see runScaleOut).
    const result = await runScaleOut(deployment);
    const why = `${result.get.text}\n${result.post.text}\n${result.nginxErrors}`;
    // Every old process drained and exited cleanly, and its replacement came up.
    expect(result.restarts.map((restart) => restart.exitCode)).toEqual([0, 0, 0]);
    expect(result.get.requests).toBeGreaterThan(0);
    expect(result.post.requests).toBeGreaterThan(0);
    expect([result.get.socketErrors, result.post.socketErrors], why).toEqual([0, 0]);
    expect([result.get.non2xx, result.post.non2xx], why).toEqual([0, 0]);
    // Every answered POST is stored exactly once; nothing else was answered.
    const { stored } = result;
    expect(stored.failures).toEqual([]);
    expect(stored.answered).toBe(result.post.requests);
    expect(stored.answeredNotStored).toEqual([]);
    expect(stored.storedTwice).toEqual([]);
    // Rows without an answer: requests still in flight when wrk stopped (at most one each).
    expect(stored.storedUnanswered).toBeLessThanOrEqual(result.connections.post);
    // Both clients saw every stored user exactly once, across their reconnects.
    for (const follower of result.followers) {
      const summary = JSON.stringify({ ...follower, missing: follower.missing.slice(0, 5) });
      expect(follower.delivered, summary).toBe(stored.stored);
      expect(follower.duplicated, summary).toEqual([]);
      expect(follower.unexpected, summary).toEqual([]);
      expect(follower.gaps, summary).toBe(0);
    }
  }, 900_000);
});
