// Renders a run as bench/RESULTS.md.
import type { ChartLinks } from "./charts.js";
import { adaptersIn, goalRows } from "./goal-rows.js";
import { throughputGoal } from "./goals.js";
import { DASH, fixed, oneLine, table, thousands, verdict } from "./markdown.js";
import {
  medianCpuShare,
  medianEfficiencyRatio,
  medianRatio,
  medianRps,
  medianRpsPerCpu,
} from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { scenarios } from "./scenarios.js";
import { chartLine, createAppSection, importSection } from "./startup-report.js";
import { median } from "./stats.js";

/** A row label, marked when the target was not timed. */
function label(result: TargetResult): string {
  return result.failure ? `${result.target.label} (failed)` : result.target.label;
}

function throughputSection(
  run: RunResults,
  raw: TargetResult | undefined,
  charts: ChartLinks,
): string {
  const head = ["Target", ...scenarios.map((s) => s.title)];
  const ratioRows = run.targets.map((result) => [
    label(result),
    ...scenarios.map((scenario) => {
      const ratio = raw ? medianRatio(result, raw, scenario.id) : undefined;
      const goal = throughputGoal(result.target.id, scenario.id);
      if (ratio === undefined) return DASH;
      return goal === undefined
        ? ratio.toFixed(2)
        : `${ratio.toFixed(2)} (≥ ${goal.toFixed(2)}: ${verdict(!result.failure && ratio >= goal)})`;
    }),
  ]);
  const rpsRows = run.targets.map((result) => [
    label(result),
    ...scenarios.map((scenario) => thousands(medianRps(result, scenario.id))),
  ]);
  const cpuRows = run.targets.map((result) => [
    label(result),
    ...scenarios.map((scenario) => thousands(medianRpsPerCpu(result, scenario.id))),
  ]);
  const efficiencyRows = run.targets.map((result) => [
    label(result),
    ...scenarios.map((scenario) =>
      fixed(raw ? medianEfficiencyRatio(result, raw, scenario.id) : undefined, 2),
    ),
  ]);
  const shareRows = run.targets.map((result) => [
    label(result),
    ...scenarios.map((scenario) =>
      fixed(medianCpuShare(result, scenario.id, run.options.duration), 2),
    ),
  ]);
  return [
    "## Throughput relative to raw Bun.serve",
    "",
    "Median over rounds of (target req/s ÷ req/s of the raw run beside it: every target run is paired with a raw run right before or after it). Higher is better; 1.00 is raw.",
    "",
    table(head, ratioRows),
    ...chartLine("Throughput ratio to raw per scenario and target", charts.throughput),
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
    "## Efficiency relative to raw (requests per CPU-second, median of paired ratios)",
    "",
    "The same paired ratio as the throughput table, on requests per server CPU-second. When the CPU share below is well under 1.00 (a shared machine), this is the steadier comparison; the goals are still judged on throughput.",
    "",
    table(head, efficiencyRows),
    ...chartLine("Requests per CPU-second ratio to raw per scenario and target", charts.efficiency),
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
    for (const scenario of scenarios) {
      const bad = result.samples[scenario.id].filter((s) => s.non2xx > 0 || s.socketErrors > 0);
      if (bad.length > 0) {
        lines.push(
          `- ${name} ${scenario.id}: ${bad.length} run(s) with non-2xx responses or socket errors (max ${Math.max(...bad.map((s) => s.non2xx))} non-2xx, ${Math.max(...bad.map((s) => s.socketErrors))} socket errors)`,
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
    table(
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
