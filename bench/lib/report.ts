// Renders a run as bench/RESULTS.md.
import type { ChartLinks } from "./charts.js";
import { adaptersIn, goalRows } from "./goal-rows.js";
import { efficiencyGoal } from "./goals.js";
import { DASH, fixed, NA, oneLine, table, thousands, verdict } from "./markdown.js";
import {
  measuredScenario,
  medianCpuShare,
  medianEfficiencyRatio,
  medianRatio,
  medianRps,
  medianRpsPerCpu,
  samplesOf,
} from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { type Scenario, scenariosOfRun } from "./scenarios.js";
import { chartLine, createAppSection, importSection } from "./startup-report.js";
import { median } from "./stats.js";
import { unexpectedResponses } from "./wrk.js";

/** A row label, marked when the target was not timed. */
function label(result: TargetResult): string {
  return result.failure ? `${result.target.label} (failed)` : result.target.label;
}

/** One figure per scenario column: n/a where the target has no such scenario, else the cell. */
function perScenario(
  result: TargetResult,
  columns: readonly Scenario[],
  cell: (scenario: Scenario) => string,
): string[] {
  return columns.map((scenario) => (measuredScenario(result, scenario.id) ? cell(scenario) : NA));
}

function scenarioLegend(columns: readonly Scenario[]): string {
  return table(
    ["Scenario", "Request", "Expected", "What it measures"],
    columns.map((s) => [s.id, `\`${s.method} ${s.path}\``, String(s.status), s.about]),
  );
}

function throughputSection(
  run: RunResults,
  raw: TargetResult | undefined,
  charts: ChartLinks,
): string {
  const columns = scenariosOfRun(run.options);
  const head = ["Target", ...columns.map((s) => s.id)];
  const rows = (cell: (result: TargetResult, scenario: Scenario) => string) =>
    run.targets.map((result) => [
      label(result),
      ...perScenario(result, columns, (scenario) => cell(result, scenario)),
    ]);
  const efficiencyRows = rows((result, scenario) => {
    const ratio = raw ? medianEfficiencyRatio(result, raw, scenario.id) : undefined;
    const goal = efficiencyGoal(result.target.id, scenario.id);
    if (ratio === undefined) return DASH;
    return goal === undefined
      ? ratio.toFixed(2)
      : `${ratio.toFixed(2)} (≥ ${goal.toFixed(2)}: ${verdict(!result.failure && ratio >= goal)})`;
  });
  const ratioRows = rows((result, scenario) =>
    fixed(raw ? medianRatio(result, raw, scenario.id) : undefined, 2),
  );
  const rpsRows = rows((result, scenario) => thousands(medianRps(result, scenario.id)));
  const cpuRows = rows((result, scenario) => thousands(medianRpsPerCpu(result, scenario.id)));
  const shareRows = rows((result, scenario) =>
    fixed(medianCpuShare(result, scenario.id, run.options.duration), 2),
  );
  return [
    "## Scenarios",
    "",
    `${NA}: the target does not serve the scenario (see the notes for why) or the run did not measure it.`,
    "",
    scenarioLegend(columns),
    "",
    "## Efficiency relative to raw (requests per server CPU-second, median of paired ratios)",
    "",
    "For each target run: its requests per server CPU-second ÷ those of the raw run paired with it (same scenario, right before or after); the median over rounds. Higher is better; 1.00 is raw. This is the cost per request, steady even when the machine is shared, and the goals are judged on it.",
    "",
    table(head, efficiencyRows),
    ...chartLine(
      "Requests per server CPU-second relative to raw, per scenario and target",
      charts.efficiency,
    ),
    "",
    "## Throughput relative to raw Bun.serve",
    "",
    "The same paired ratio on req/s. It moves with whatever else the machine runs (see the CPU share below); shown for context.",
    "",
    table(head, ratioRows),
    ...chartLine("Throughput relative to raw, per scenario and target", charts.throughput),
    "",
    "## Requests per second (median over rounds)",
    "",
    table(head, rpsRows),
    "",
    "## Requests per server CPU-second (median over rounds)",
    "",
    "Requests served ÷ (utime + stime) the server process used during the run: cost per request, independent of how busy the machine was.",
    "",
    table(head, cpuRows),
    "",
    "## Server CPU share during runs (median)",
    "",
    "Server CPU seconds ÷ run seconds. Near 1.00 the server was the bottleneck, as intended; well below it the machine was busy with other work or the client limited the rate, and req/s figures are less reliable than the per-CPU-second ones.",
    "",
    table(head, shareRows),
  ].join("\n");
}

function startupSection(run: RunResults, raw: TargetResult | undefined): string {
  const rows = run.targets.map((result) => {
    const load = result.rssAfterLoadMiB;
    const over =
      load !== undefined && raw?.rssAfterLoadMiB !== undefined
        ? load - raw.rssAfterLoadMiB
        : undefined;
    return [
      label(result),
      result.startupFailure ? `failed` : fixed(median(result.first200Ms), 1),
      fixed(median(result.startupRssMiB), 1),
      fixed(load, 1),
      over === undefined ? DASH : `${over >= 0 ? "+" : ""}${over.toFixed(1)}`,
    ];
  });
  return [
    "## Startup and memory per target",
    "",
    `Time to first 200: spawn of \`bun targets/<id>.ts\` until \`GET /users/1\` first answers 200 (median of ${run.options.startupRuns} fresh processes). RSS is VmRSS in MiB.`,
    "",
    table(
      [
        "Target",
        "First 200 (ms)",
        "RSS after startup",
        "RSS after load",
        "Δ RSS vs raw after load",
      ],
      rows,
    ),
  ].join("\n");
}

function notesSection(run: RunResults): string {
  const lines: string[] = [];
  for (const result of run.targets) {
    const name = result.target.label;
    if (result.startupFailure) {
      lines.push(`- ${name}: startup measurement failed: ${oneLine(result.startupFailure)}`);
    }
    if (result.failure) lines.push(`- ${name}: **failed**: ${oneLine(result.failure)}`);
    const failures = new Set([
      ...(result.verifyBefore?.failures ?? []).map((f) => `before timing: ${f}`),
      ...(result.verifyAfter?.failures ?? []).map((f) => `after timing: ${f}`),
    ]);
    for (const failure of failures) lines.push(`- ${name}: ${oneLine(failure)}`);
    const lenient = new Set([
      ...(result.verifyBefore?.lenient ?? []),
      ...(result.verifyAfter?.lenient ?? []),
    ]);
    for (const note of lenient)
      lines.push(`- ${name}: lenient on an edge case (noted, not gating): ${oneLine(note)}`);
    for (const [id, reason] of Object.entries(result.target.unsupported ?? {})) {
      lines.push(`- ${name}: ${id} not served (n/a): ${oneLine(reason)}`);
    }
    for (const scenario of scenariosOfRun(run.options)) {
      const unexpected = (s: { requests: number; non2xx: number }) =>
        unexpectedResponses(s, scenario.status);
      const bad = samplesOf(result, scenario.id).filter(
        (s) => unexpected(s) > 0 || s.socketErrors > 0,
      );
      if (bad.length > 0) {
        lines.push(
          `- ${name} ${scenario.id}: ${bad.length} run(s) with answers other than ${scenario.status} or socket errors (max ${Math.max(...bad.map(unexpected))} other answers, ${Math.max(...bad.map((s) => s.socketErrors))} socket errors)`,
        );
      }
    }
  }
  for (const entry of run.createApp) {
    if (entry.failure) {
      lines.push(
        `- createApp ${entry.adapter} ${entry.routes} routes failed: ${oneLine(entry.failure)}`,
      );
    }
  }
  for (const entry of run.elysiaBuild ?? []) {
    if (entry.failure) {
      lines.push(`- Elysia build ${entry.routes} routes failed: ${oneLine(entry.failure)}`);
    }
  }
  for (const entry of run.imports ?? []) {
    if (entry.failure) lines.push(`- import ${entry.label} failed: ${oneLine(entry.failure)}`);
  }
  return ["## Failures and notes", "", lines.length > 0 ? lines.join("\n") : "None."].join("\n");
}

/** The whole Markdown report; `charts` are the rendered chart files to embed (none by default). */
export function renderReport(run: RunResults, charts: ChartLinks = {}): string {
  const raw = run.targets.find((result) => result.target.id === "raw" && !result.failure);
  const { options, environment } = run;
  const goals = goalRows(run, raw);
  const fewRounds = options.rounds < 5 ? " (fewer than 5 rounds: indicative only)" : "";
  return `${[
    "# Trellis benchmark results",
    "",
    `Generated by \`pnpm bench\` (bench/run.ts) on ${environment.date}. See README.md for the method and what each column means.`,
    "",
    "## Machine and settings",
    "",
    table(
      ["", "value"],
      [
        ["CPU", `${environment.cpuModel} (nproc ${environment.nproc})`],
        ["Kernel", environment.kernel],
        ["Bun", environment.bun],
        ["wrk", environment.wrk],
        [
          "Rounds",
          `${options.rounds}${fewRounds}, order rotated each round, each run paired with a raw run`,
        ],
        ["Per run", `${options.duration} s, ${options.connections} connections, 1 wrk thread`],
        ["Warm-up", `${options.warmup} s per target and scenario`],
        [
          "Pinning",
          `servers \`taskset -c ${options.serverCpu}\`, wrk \`taskset -c ${options.clientCpu}\`, 127.0.0.1`,
        ],
        [
          "Verification",
          options.strict ? "strict (edge cases gate timing)" : "standard (edge cases noted)",
        ],
        ["Run", `${run.startedAt} → ${run.finishedAt}`],
      ],
    ),
    "",
    "## Goals (from the issue)",
    "",
    goals.length === 0
      ? "No goal applies to the targets and scenarios of this run."
      : table(
          ["Goal", "Measured", "Result"],
          goals.map((row) => [row.goal, row.measured, verdict(row.ok)]),
        ),
    "",
    throughputSection(run, raw, charts),
    "",
    startupSection(run, raw),
    "",
    createAppSection(run, adaptersIn(run), charts.startup),
    "",
    importSection(run, charts.imports),
    "",
    "## Verification",
    "",
    table(
      ["Target", "Before timing", "After timing", "Lenient edge cases"],
      run.targets.map((result) => [
        result.target.label,
        result.verifyBefore ? verdict(result.verifyBefore.ok) : DASH,
        result.verifyAfter ? verdict(result.verifyAfter.ok) : DASH,
        String(
          new Set([...(result.verifyBefore?.lenient ?? []), ...(result.verifyAfter?.lenient ?? [])])
            .size,
        ),
      ]),
    ),
    "",
    notesSection(run),
    "",
    "## Versions",
    "",
    table(
      ["Package", "Version"],
      [
        ["bun", environment.bun],
        ...environment.versions.map((entry) => [entry.name, entry.version]),
      ],
    ),
  ].join("\n")}\n`;
}
