// Bodies under the size limit built to make validation work hard: many undeclared keys, many
// array items past maxItems. Each adapter's work must grow linearly and stop at the reported cap
// (work that grew quadratically blocked a whole server for 14-17 s per request).
import { afterAll, describe, expect, it } from "vitest";
import { expectProblem } from "./support/problem.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const limit = 1024 * 1024;

/** A user with `count` undeclared keys (100k: about 1 MB of JSON, under the 1 MiB limit). */
function undeclaredKeys(count: number): string {
  const keys: string[] = [];
  for (let index = 0; index < count; index++) keys.push(`"k${index.toString(36)}":0`);
  const body = `{"name":"Ada","email":"ada@example.com",${keys.join(",")}}`;
  expect(body.length).toBeLessThan(limit);
  return body;
}

/** `count` array items where at most 100 are allowed (150k: about 450 KB). */
function itemsPastMax(count: number): string {
  const body = `{"users":[${new Array(count).fill("1").join(",")}]}`;
  expect(body.length).toBeLessThan(limit);
  return body;
}

const cases = [
  { name: "undeclared keys", path: "/users", body: undeclaredKeys },
  { name: "array items past maxItems", path: "/users/bulk", body: itemsPastMax },
];

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const rssPeaks: string[] = [];
afterAll(() => {
  // Reported, not asserted tightly: RSS depends on the runtime's collector as much as on us.
  if (rssPeaks.length > 0)
    console.log(`worst-case bodies, RSS over 40 requests: ${rssPeaks.join("; ")}`);
});

describe.each(targets)("worst-case bodies: $label", (target) => {
  const users = () => served[target.adapter]?.users;

  async function postMs(path: string, body: string): Promise<{ ms: number; issues: number }> {
    const started = performance.now();
    const response = (await users()?.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    })) as Response;
    const ms = performance.now() - started;
    const status = response.status;
    // Stripped and created (201), a repeated e-mail (409), or refused (400).
    expect([201, 400, 409]).toContain(status);
    if (status === 201) {
      await response.arrayBuffer();
      return { ms, issues: 0 };
    }
    const problem = await expectProblem(response, status);
    return { ms, issues: problem.errors?.length ?? 0 };
  }

  it.each(cases)(
    "$name: work grows linearly (10x the input, well under 100x the time), at most 100 issues",
    async ({ path, body }) => {
      const small = body(path === "/users" ? 10_000 : 15_000);
      const large = body(path === "/users" ? 100_000 : 150_000);
      const smallMs: number[] = [];
      for (let round = 0; round < 3; round++) smallMs.push((await postMs(path, small)).ms);
      const { ms: largeMs, issues } = await postMs(path, large);
      expect(issues).toBeLessThanOrEqual(100);
      // The same machine, moments apart: linear work is about 7-10x; quadratic, about 50-100x.
      // The floor keeps tiny timings (a few ms) from turning noise into a ratio.
      const ratio = largeMs / Math.max(median(smallMs), 5);
      expect(ratio, `${largeMs.toFixed(0)} ms vs ${median(smallMs).toFixed(0)} ms`).toBeLessThan(
        35,
      );
    },
    180_000,
  );

  it("keeps RSS bounded over 40 such requests in a row", async () => {
    const body = itemsPastMax(150_000);
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    let peak = before;
    for (let round = 0; round < 40; round++) {
      const response = await users()?.request("/users/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response?.status).toBe(400);
      await response?.arrayBuffer();
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    rssPeaks.push(`${target.adapter} ${mb(before)} -> peak ${mb(peak)} MiB`);
    expect(peak - before).toBeLessThan(400 * 1024 * 1024);
  }, 180_000);
});
