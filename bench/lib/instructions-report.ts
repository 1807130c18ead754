// Renders the judge's figures: the "Instructions per request" section of RESULTS.md (table,
// chart, goals) and the generated part of INSTRUCTIONS.md (every window, every profile).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TopLevelSpec } from "vega-lite";
import { renderSvg } from "./charts.js";
import {
  BODY_CHECKS_TARGET,
  BURST_LIMIT,
  bodyChecksCost,
  judgeGoals,
  ratioTo,
  threadExcess,
} from "./instructions-goals.js";
import type { CountedRow, InstructionResults } from "./instructions-results.js";
import { JUDGE_SCENARIOS } from "./instructions-scenarios.js";
import { replaceResultsSection, replaceSection } from "./results-sections.js";
import type { ScenarioId } from "./scenarios.js";
import { serves, targets } from "./targets.js";
import { writeMarkdown } from "./write-markdown.js";

const k = (value: number) => `${(value / 1000).toFixed(1)}k`;
const labelOf = (id: string) => targets.find((target) => target.id === id)?.label ?? id;

/** The targets and scenarios that have at least one counted row, in report order. */
function counted(results: InstructionResults) {
  const targetIds = targets.map((t) => t.id).filter((id) => results.rows[id] !== undefined);
  const scenarioIds = JUDGE_SCENARIOS.map((s) => s.id).filter((id) =>
    targetIds.some((t) => results.rows[t]?.[id] !== undefined),
  );
  return { targetIds, scenarioIds };
}

const cell = (row: CountedRow | undefined, raw: CountedRow | undefined): string => {
  if (row === undefined) return "–";
  const ratio = raw === undefined ? "" : ` (${(row.main / raw.main).toFixed(2)}×)`;
  return `${row.stable ? "" : "≈ "}${k(row.main)}${ratio}`;
};

/** Whether the judge counts a target on a scenario (unsupported ones are n/a, not missing). */
export function servedInJudge(targetId: string, scenarioId: string): boolean {
  const target = targets.find((t) => t.id === targetId);
  const scenario = JUDGE_SCENARIOS.find((s) => s.id === scenarioId);
  if (target === undefined || scenario === undefined) return true;
  return serves(target, scenarioId as ScenarioId) && scenario.servedBy(targetId);
}

function mainTable(results: InstructionResults): string[] {
  const { targetIds, scenarioIds } = counted(results);
  const lines = [
    `| Target | ${scenarioIds.join(" | ")} |`,
    `| ------ | ${scenarioIds.map(() => "--:").join(" | ")} |`,
  ];
  for (const id of targetIds) {
    const cells = scenarioIds.map((s) =>
      servedInJudge(id, s) ? cell(results.rows[id]?.[s], results.rows.raw?.[s]) : "n/a",
    );
    lines.push(`| ${labelOf(id)} | ${cells.join(" | ")} |`);
  }
  return lines;
}

function burstTable(results: InstructionResults): string[] {
  const { targetIds, scenarioIds } = counted(results);
  const lines = [
    `| Target | ${scenarioIds.join(" | ")} |`,
    `| ------ | ${scenarioIds.map(() => "--:").join(" | ")} |`,
  ];
  for (const id of targetIds) {
    const cells = scenarioIds.map((s) => {
      const row = results.rows[id]?.[s];
      if (row === undefined) return servedInJudge(id, s) ? "–" : "n/a";
      const ratio = row.all / row.main;
      const excess = id === "raw" ? undefined : threadExcess(results, id, s);
      const over =
        excess === undefined ? "" : ` (${excess >= 0 ? "+" : "−"}${Math.abs(excess).toFixed(3)})`;
      return `${ratio.toFixed(3)}${ratio > BURST_LIMIT ? " ✗" : ""}${over}`;
    });
    lines.push(`| ${labelOf(id)} | ${cells.join(" | ")} |`);
  }
  return lines;
}

function goalLines(results: InstructionResults): string[] {
  const verdicts = judgeGoals(results);
  const head = ({ goal, scenario }: (typeof verdicts)[number]) =>
    `${labelOf(goal.target)} ${scenario} ≤ ${goal.max}× ${goal.versus === "raw" ? "raw" : "Elysia"}`;
  const judged = verdicts
    .filter((verdict) => verdict.ratio !== undefined)
    .map((v) => `- ${head(v)}: ${v.ratio!.toFixed(2)}× — **${v.met ? "met" : "missed"}**`);
  const open = verdicts.filter((verdict) => verdict.ratio === undefined).map(head);
  const lines = [...judged, ...bodyChecksLines(results)];
  return open.length === 0 ? lines : [...lines, `- Not counted yet: ${open.join("; ")}.`];
}

/** S2's body checks as a row of their own, and TypeBox's S2 against raw with those checks. */
export function bodyChecksLines(results: InstructionResults): string[] {
  const checks = bodyChecksCost(results);
  if (checks === undefined) return [];
  const sign = checks.cost >= 0 ? "+" : "−";
  const typebox = ratioTo(results, "trellis-typebox", BODY_CHECKS_TARGET, "S2");
  return [
    `- Body checks: ${sign}${k(Math.abs(checks.cost))} over raw on S2 (${labelOf(BODY_CHECKS_TARGET)} ${k(checks.checked)} against raw's ${k(checks.raw)}; ${(checks.checked / checks.raw).toFixed(2)}× raw).` +
      (typebox === undefined
        ? ""
        : ` Trellis + TypeBox's S2 is ${typebox.toFixed(2)}× raw with the same checks.`),
  ];
}

// X's answer is whatever each target answers to OPTIONS: the statuses say what was compared.
function statusesOfX(results: InstructionResults): string[] {
  const answered = Object.entries(results.rows)
    .filter(([, rows]) => rows.X !== undefined)
    .map(([id, rows]) => `${labelOf(id)} ${rows.X!.status}`);
  return answered.length === 0
    ? []
    : [`Statuses of X (OPTIONS /users): ${answered.join(", ")}.`, ""];
}

/** The chart: main-thread instructions per request relative to raw, per scenario and target. */
export function instructionChartSpec(results: InstructionResults): TopLevelSpec | undefined {
  const { targetIds, scenarioIds } = counted(results);
  const values = targetIds
    .filter((id) => id !== "raw")
    .flatMap((id) =>
      scenarioIds.flatMap((s) => {
        const row = results.rows[id]?.[s];
        const raw = results.rows.raw?.[s];
        return row && raw ? [{ target: labelOf(id), scenario: s, ratio: row.main / raw.main }] : [];
      }),
    );
  if (values.length === 0) return undefined;
  const x = { field: "scenario", type: "nominal", sort: scenarioIds, title: null } as const;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: "Instructions per request relative to raw Bun.serve (main thread, callgrind)",
      subtitle: "lower is better; dashed line: raw",
    },
    width: Math.max(400, scenarioIds.length * (targetIds.length * 9 + 16)),
    height: 240,
    data: { values },
    layer: [
      {
        mark: { type: "bar" },
        encoding: {
          x,
          xOffset: { field: "target" },
          y: { field: "ratio", type: "quantitative", title: "ratio to raw" },
          color: {
            field: "target",
            type: "nominal",
            scale: { scheme: "tableau20" },
            legend: { orient: "bottom", columns: 3, title: null },
          },
        },
      },
      {
        data: { values: [{}] },
        mark: { type: "rule", strokeDash: [4, 4], color: "#555" },
        encoding: { y: { datum: 1 } },
      },
    ],
  };
}

/** The RESULTS.md section. */
export function renderInstructionSection(results: InstructionResults, chart?: string): string {
  return [
    "## Instructions per request (callgrind)",
    "",
    "`pnpm bench:instructions`: executed instructions per request on the server's main thread,",
    "counted by valgrind's callgrind (no hardware counters here), after a warm-up, in windows of",
    "exactly N requests until three windows agree within 2 %. Counts do not depend on machine load.",
    `Method, warm-up evidence and profiles: [INSTRUCTIONS.md](INSTRUCTIONS.md). bun ${results.bun}, ${results.valgrind}.`,
    "In parentheses: the ratio to raw. `≈`: the windows did not agree within 2 % (see INSTRUCTIONS.md).",
    "`–`: not counted yet (valgrind runs at about 1/50 speed; see INSTRUCTIONS.md for what is missing).",
    "`n/a`: the target does not serve the scenario (raw + Trellis body checks differs from raw on S2 only).",
    "",
    ...mainTable(results),
    "",
    ...statusesOfX(results),
    ...(chart === undefined ? [] : [`![Instructions per request relative to raw](${chart})`, ""]),
    "Goals of the issue (main thread):",
    "",
    ...goalLines(results),
    "",
    `All threads / main thread (JIT compiler, GC and runtime threads; ✗ above ${BURST_LIMIT}, the issue's limit).`,
    "In parentheses: the ratio minus raw's on the same scenario, the excess over the runtime's own",
    "background threads (raw runs no framework, yet its ratio is above 1 too).",
    "",
    ...burstTable(results),
    "",
  ].join("\n");
}

/** INSTRUCTIONS.md's generated part: every window and the top of every profile. */
export function renderEvidence(results: InstructionResults): string {
  const lines = ["## Evidence (generated by `pnpm bench:instructions`)", ""];
  for (const [target, rows] of Object.entries(results.rows)) {
    for (const [scenario, row] of Object.entries(rows)) {
      lines.push(
        `### ${labelOf(target)}, ${scenario}`,
        "",
        `Status ${row.status}; ${row.warmup.toLocaleString("en-US")} warm-up requests, windows of ${row.window.toLocaleString("en-US")}; commit ${row.commit.slice(0, 10)}; ${row.date}.`,
        `Main thread per request, window by window: ${row.windows.map((w) => w.main.toFixed(0)).join(", ")} (${row.stable ? "last three within 2 %" : "**not settled**"}).`,
        `All threads per request: ${row.windows.map((w) => w.all.toFixed(0)).join(", ")}.`,
        "",
      );
      if (row.profile !== undefined) {
        const objects = row.profile.objects
          .slice(0, 4)
          .map((o) => `${o.name} ${o.instructions.toLocaleString("en-US")}`);
        const functions = row.profile.functions
          .slice(0, 8)
          .map((f) => `\`${f.name}\` ${f.instructions.toLocaleString("en-US")}`);
        lines.push(
          `Last window's main thread, self instructions per request by object: ${objects.join("; ")}.`,
          `Top functions: ${functions.join("; ")}.`,
          "",
        );
      }
    }
  }
  return lines.join("\n");
}

/** Writes the RESULTS.md section (with its chart) and INSTRUCTIONS.md's evidence section. */
export async function writeInstructionReports(
  results: InstructionResults,
  benchDir: string,
): Promise<void> {
  const spec = instructionChartSpec(results);
  let chart: string | undefined;
  if (spec !== undefined) {
    chart = "charts/instructions-ratio.svg";
    writeFileSync(join(benchDir, chart), await renderSvg(spec));
  }
  replaceResultsSection(join(benchDir, "RESULTS.md"), renderInstructionSection(results, chart));
  const method = join(benchDir, "INSTRUCTIONS.md");
  writeMarkdown(method, replaceSection(readFileSync(method, "utf8"), renderEvidence(results)));
}
