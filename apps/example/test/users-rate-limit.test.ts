// POST /users/bulk is rate limited per client (20 a minute). Behind the documented nginx, every
// request arrives from nginx's address: TRUSTED_PROXY_HOPS=1 makes the limit count the address
// nginx appends to X-Forwarded-For, and without it that header, which any client can send, is
// never read.
import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import { type RunningExample, startExample } from "./support/example-server.js";

const running: RunningExample[] = [];
afterAll(() => Promise.all(running.map((example) => example.stop())));

/** What the bulk route's RateLimit field says is left, after one request from `forwardedFor`. */
async function remainingAfter(example: RunningExample, forwardedFor: string): Promise<number> {
  const response = await example.sendJson(
    "/users/bulk",
    { users: [] },
    {
      headers: { "x-forwarded-for": forwardedFor },
    },
  );
  const field = response.headers.get("ratelimit") ?? "";
  const remaining = /;r=(\d+)/.exec(field)?.[1];
  expect(remaining, `RateLimit: ${field} (status ${response.status})`).toBeDefined();
  return Number(remaining);
}

describe("the bulk route's rate limit behind a proxy", () => {
  it("counts each forwarded client on its own with TRUSTED_PROXY_HOPS=1", async () => {
    const example = startExample(":memory:", {
      trustedProxyHops: readConfig({ TRUSTED_PROXY_HOPS: "1" }).trustedProxyHops,
    });
    running.push(example);
    const first = await remainingAfter(example, "203.0.113.7");
    const other = await remainingAfter(example, "198.51.100.9");
    const firstAgain = await remainingAfter(example, "10.0.0.1, 203.0.113.7");
    expect([first, other, firstAgain]).toEqual([19, 19, 18]);
  });

  it("never reads X-Forwarded-For without it: one budget for the connection", async () => {
    const example = startExample();
    running.push(example);
    const counts = [
      await remainingAfter(example, "203.0.113.7"),
      await remainingAfter(example, "198.51.100.9"),
    ];
    expect(counts).toEqual([19, 18]);
  });

  it("refuses a TRUSTED_PROXY_HOPS that is not 1 to 10", () => {
    for (const bad of ["0", "11", "-1", "one", "1.5"]) {
      expect(() => readConfig({ TRUSTED_PROXY_HOPS: bad }), bad).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});
