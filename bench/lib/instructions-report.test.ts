import { describe, expect, it } from "vitest";
import { judgeGoals } from "./instructions-goals.js";
import { renderInstructionSection } from "./instructions-report.js";
import type { CountedRow, InstructionResults } from "./instructions-results.js";
import { carryOwnedSections, replaceSection } from "./results-sections.js";

const row = (main: number, stable = true, status = 200): CountedRow => ({
  warmup: 10,
  window: 10,
  windows: [{ main, all: main }],
  stable,
  main,
  all: main * 1.01,
  status,
  date: "2026-11-27T00:00:00.000Z",
  commit: "0123456789abcdef",
});

const results: InstructionResults = {
  bun: "1.4.5",
  valgrind: "valgrind-3.19.0",
  rows: {
    raw: { S1: row(20_000), X: row(10_000, false, 404) },
    "trellis-typebox": { S1: row(21_000), X: row(15_000, true, 204) },
    elysia: { S1: row(25_000) },
  },
};

describe("the judge's report", () => {
  it("judges the issue's goals on the rows that were counted", () => {
    const verdicts = judgeGoals(results).filter((verdict) => verdict.ratio !== undefined);
    expect(verdicts.map((v) => [v.goal.versus, v.scenario, v.met])).toEqual([
      ["raw", "S1", true],
      ["elysia", "S1", true],
    ]);
  });

  it("renders ratios to raw, unsettled rows, X's statuses and what is not counted", () => {
    const section = renderInstructionSection(results);
    expect(section).toContain("| Trellis + TypeBox | 21.0k (1.05×) | 15.0k (1.50×) |");
    expect(section).toContain("≈ 10.0k (1.00×)");
    expect(section).toContain("raw Bun.serve 404, Trellis + TypeBox 204");
    expect(section).toContain("Not counted yet: Trellis + TypeBox S3 ≤ 1.05× raw");
  });
});

describe("owned RESULTS.md sections", () => {
  it("replaces a section in place, inserts a new one before the soak, and survives a rewrite", () => {
    const report = "# R\n\n## A\n\na\n\n## Soak\n\ns\n";
    const added = replaceSection(report, "## Type-check budget (@trellis/client)\n\nold");
    expect(added).toBe(
      "# R\n\n## A\n\na\n\n## Type-check budget (@trellis/client)\n\nold\n\n## Soak\n\ns\n",
    );
    const updated = replaceSection(added, "## Type-check budget (@trellis/client)\n\nnew");
    expect(updated).toContain("budget (@trellis/client)\n\nnew\n\n## Soak");
    expect(carryOwnedSections(updated, "# R\n\n## A\n\nb\n")).toContain(
      "## A\n\nb\n\n## Type-check",
    );
  });
});
