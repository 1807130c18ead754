// Bodies under the size limit built to make validation work hard: many undeclared keys, many
// array items past maxItems. Each adapter's work must grow linearly and stop at the reported cap
// (work that grew quadratically blocked a whole server for 14-17 s per request). Work is counted,
// never timed: the operations the server makes on the body it parsed (core, the adapter, the
// handler), seen through counting proxies.
import { afterAll, describe, expect, it } from "vitest";
import { expectLinearGrowth } from "../../src/operation-count.js";
import { operationsOnParsed } from "./support/operations-on-parsed.js";
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
  { name: "undeclared keys", path: "/users", body: undeclaredKeys, full: 100_000 },
  { name: "array items past maxItems", path: "/users/bulk", body: itemsPastMax, full: 150_000 },
];

const rssPeaks: string[] = [];
afterAll(() => {
  // Reported, not asserted tightly: RSS depends on the runtime's collector as much as on us.
  if (rssPeaks.length > 0)
    console.log(`worst-case bodies, RSS over 40 requests: ${rssPeaks.join("; ")}`);
});

describe.each(targets)("worst-case bodies: $label", (target) => {
  const users = () => served[target.adapter]?.users;

  /** Posts `body`: answers how many issues the response lists (0 for a created user). */
  async function post(path: string, body: string): Promise<number> {
    const response = (await users()?.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    })) as Response;
    const status = response.status;
    // Stripped and created (201), a repeated e-mail (409), or refused (400).
    expect([201, 400, 409]).toContain(status);
    if (status === 201) {
      await response.arrayBuffer();
      return 0;
    }
    const problem = await expectProblem(response, status);
    return problem.errors?.length ?? 0;
  }

  // At 1,000, 2,000 and 4,000 keys or items: about 2,000 to 6,000 operations at 1,000 on every
  // adapter (core's safety walk included), and the same per element at every size.
  it.each(cases)(
    "$name: the work per element does not grow with the body, at most 100 issues",
    async ({ path, body, full }) => {
      await expectLinearGrowth((size) => {
        const text = body(size);
        return operationsOnParsed(text, () => post(path, text));
      });
      expect(await post(path, body(full))).toBeLessThanOrEqual(100);
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
