// The type-check budget of @trellis/client: a consumer calling every route of a generated app
// through the typed client must cost at most linearly more instantiations from 60 to 200 routes.
// Instantiation counts are exact for a given compiler (TypeScript 5.9 here), so the test does not
// depend on the machine; the check times beside them are in RESULTS.md only (`pnpm types:budget`).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LINEAR_SLACK, measure, perRouteGrowth } from "./budget.js";
import { benchDir, TSC_59 } from "./type-check.js";

// Inside bench/ (ignored by git), so the consumers resolve zod and the Trellis packages from it.
mkdirSync(join(benchDir, ".results"), { recursive: true });
const root = mkdtempSync(join(benchDir, ".results", "type-budget-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("perRouteGrowth", () => {
  it("passes linear and sub-linear growth and fails quadratic growth", () => {
    expect(perRouteGrowth({ 0: 1000, 60: 7000, 200: 21_000 }).linear).toBe(true);
    expect(perRouteGrowth({ 0: 1000, 60: 7000, 200: 15_000 }).linear).toBe(true);
    // n² per route: 60 routes 3,600, 200 routes 40,000.
    expect(perRouteGrowth({ 0: 1000, 60: 4600, 200: 41_000 }).linear).toBe(false);
  });
});

describe("the typed client's type-check budget", () => {
  it("grows at most linearly in instantiations from 60 to 200 routes, with no errors", () => {
    const figures = [0, 60, 200].map((routes) => measure(TSC_59, "trellis", routes, root));
    for (const check of figures) expect(check.errors).toEqual([]);
    const [none, sixty, twoHundred] = figures.map((check) => check.instantiations) as [
      number,
      number,
      number,
    ];
    const growth = perRouteGrowth({ 0: none, 60: sixty, 200: twoHundred });
    expect(sixty).toBeGreaterThan(none);
    expect(growth.next).toBeLessThanOrEqual(growth.first * (1 + LINEAR_SLACK));
    expect(twoHundred).toBeLessThanOrEqual(none + ((sixty - none) * 200 * (1 + LINEAR_SLACK)) / 60);
  }, 600_000);
});
