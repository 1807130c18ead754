import { typebox } from "@trellis/adapter-typebox";
import { Controller, createApp, Get, Returns, Route } from "@trellis/core";
import { RateLimit } from "@trellis/rate-limit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mcpServer } from "./mcp-server.js";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";

// A tool call is a request the app makes itself: a rate limit by client address must still see
// the agent's own address, so agents and HTTP clients on one address share one budget.

@Route("/ping")
class PingController extends Controller {
  @Get()
  @RateLimit({ limit: 2, window: 60, key: "ip" })
  @Returns(200)
  ping() {
    return { pong: true };
  }
}

let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(() => {
  const app = createApp({
    schema: typebox(),
    controllers: [PingController],
    plugins: [mcpServer()],
  });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const callPing = (id: number) =>
  boundedFetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "ping" } }),
  }).then((response) => response.json() as Promise<{ result: { isError?: boolean } }>);

it("counts tool calls against the calling client's address", async () => {
  const first = await callPing(1);
  const second = await callPing(2);
  expect([first.result.isError ?? false, second.result.isError ?? false]).toEqual([false, false]);
  // The same address over plain HTTP finds the budget spent by the agent's two calls.
  const http = await boundedFetch(`${base}/ping`);
  expect(http.status).toBe(429);
  expect(http.headers.get("retry-after")).toMatch(/^\d+$/);
  const third = await callPing(3);
  expect(third.result.isError).toBe(true);
});
