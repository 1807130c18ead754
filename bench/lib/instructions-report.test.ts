import { describe, expect, it } from "vitest";
import { bodyChecksCost, judgeGoals, threadExcess } from "./instructions-goals.js";
import { renderInstructionSection, servedInJudge } from "./instructions-report.js";
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

describe("the body checks' row and the thread excess over raw", () => {
  const withChecks: InstructionResults = {
    ...results,
    rows: {
      ...results.rows,
      raw: { ...results.rows.raw, S2: row(36_000) },
      "raw-body-checks": { S2: row(39_500) },
      "trellis-typebox": {
        ...results.rows["trellis-typebox"],
        S2: { ...row(43_450), all: 52_140 },
      },
    },
  };

  it("takes the body checks' cost as raw + checks minus raw on S2", () => {
    expect(bodyChecksCost(withChecks)).toEqual({ checked: 39_500, raw: 36_000, cost: 3_500 });
    expect(bodyChecksCost(results)).toBeUndefined();
  });

  it("subtracts raw's all/main ratio from a row's on the same scenario", () => {
    // TypeBox S2: 52,140 / 43,450 = 1.2; raw S2: 1.01.
    expect(threadExcess(withChecks, "trellis-typebox", "S2")).toBeCloseTo(0.19, 10);
    expect(threadExcess(withChecks, "elysia", "S2")).toBeUndefined();
  });

  it("renders the checks' line, their row with n/a elsewhere, and the excess beside the 1.05 rule", () => {
    const section = renderInstructionSection(withChecks);
    expect(section).toContain(
      "- Body checks: +3.5k over raw on S2 (raw + Trellis body checks 39.5k against raw's 36.0k; 1.10× raw). Trellis + TypeBox's S2 is 1.10× raw with the same checks.",
    );
    expect(section).toContain("| raw + Trellis body checks | n/a | 39.5k (1.10×) | n/a |");
    expect(section).toContain(
      "| Trellis + TypeBox | 1.010 (+0.000) | 1.200 ✗ (+0.190) | 1.010 (+0.000) |",
    );
    expect(section).toContain("| raw Bun.serve | 1.010 | 1.010 | 1.010 |");
    expect(section).toContain("| raw + Trellis body checks | n/a | 1.010 (+0.000) | n/a |");
  });

  it("serves raw + Trellis body checks on S2 only, and every other target on X", () => {
    expect(["S1", "S2", "S5", "X"].filter((s) => servedInJudge("raw-body-checks", s))).toEqual([
      "S2",
    ]);
    expect(servedInJudge("trellis-typebox", "X")).toBe(true);
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
