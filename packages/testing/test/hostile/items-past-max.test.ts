// 150,000 empty objects where at most 100 items are allowed (`@ArrayMaxSize(100)`, `.max(100)`,
// `maxItems: 100`), sent to the unauthenticated bulk route. The bound must be checked before the
// items are validated: class-validator built and checked all 150,000 items first (327 ms in
// process against Zod's 10 ms), and core's own rules walked every item after a Standard Schema
// library had refused the array. Counted, never timed: the operations made on the parsed body
// beyond core's JSON guard (which looks at every item once, for every adapter alike) must not grow
// with the items past the bound. The time each adapter takes is printed, for the record.
import { afterAll, describe, expect, it } from "vitest";
import { unsafeJson } from "../../src/core-internals.js";
import { countOperations } from "../../src/operation-count.js";
import { operationsOnParsed } from "./support/operations-on-parsed.js";
import { expectProblem } from "./support/problem.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();

/** `{"users":[{},{},...]}` with `count` items. */
const emptyItems = (count: number) => `{"users":[${new Array(count).fill("{}").join(",")}]}`;

/** The operations core's JSON guard makes on the parsed `text`: the same for every adapter. */
function guardOperations(text: string): number {
  const counted = countOperations(JSON.parse(text));
  unsafeJson(counted.view);
  return counted.operations();
}

const timings: string[] = [];
afterAll(() => {
  if (timings.length > 0)
    console.log(`150,000 items past the bound, in process: ${timings.join("; ")}`);
});

describe.each(targets)("items past the array bound: $label", (target) => {
  const users = () => served[target.adapter]?.users;

  /** Posts `text` to the bulk route: a 400 naming `/users`, and the work beyond core's guard. */
  async function refuse(text: string): Promise<number> {
    let issues: { path: string }[] = [];
    const operations = await operationsOnParsed(text, async () => {
      const response = (await users()?.request("/users/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      })) as Response;
      issues = [...((await expectProblem(response, 400)).errors ?? [])];
    });
    expect(issues.map((issue) => issue.path)).toContain("/users");
    expect(issues.length).toBeLessThanOrEqual(100);
    return operations - guardOperations(text);
  }

  it("does no more work on 150,000 items than on 1,000: the bound comes first", async () => {
    const few = await refuse(emptyItems(1_000));
    const many = await refuse(emptyItems(150_000));
    expect(
      many,
      `work beyond core's guard: ${few} at 1,000 items, ${many} at 150,000`,
    ).toBeLessThanOrEqual(few);
    // For the record (not asserted): the fastest of five requests, without the counting proxies.
    const text = emptyItems(150_000);
    let fastest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const response = await users()?.request("/users/bulk", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: text,
      });
      await response?.arrayBuffer();
      fastest = Math.min(fastest, performance.now() - started);
    }
    timings.push(`${target.adapter} ${Math.round(fastest)} ms`);
  }, 120_000);
});
