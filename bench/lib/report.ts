// Renders a run as bench/RESULTS.md.
import { adaptersIn, goalRows } from "./goal-rows.js";
import { efficiencyGoal } from "./goals.js";
import { DASH, fixed, NA, oneLine, table, thousands, verdict } from "./markdown.js";
import {
  measuredScenario,
  medianCpuShare,
  medianCreateApp,
  medianEfficiencyRatio,
  medianRatio,
  medianRps,
  medianRpsPerCpu,
  samplesOf,
} from "./metrics.js";
import type { CreateAppResult, RunResults, TargetResult } from "./results.js";
import { type Scenario, scenariosOfRun } from "./scenarios.js";
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

function throughputSection(run: RunResults, raw: TargetResult | undefined): string {
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
    "",
    "## Throughput relative to raw Bun.serve",
    "",
    "The same paired ratio on req/s. It moves with whatever else the machine runs (see the CPU share below); shown for context.",
    "",
    table(head, ratioRows),
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

function createAppSection(run: RunResults): string {
  const counts = [...new Set(run.createApp.map((entry) => entry.routes))].sort((a, b) => a - b);
  if (counts.length === 0) return "## createApp time\n\nNot measured in this run.";
  const cell = (entry: CreateAppResult | undefined) =>
    entry?.failure ? "failed" : fixed(medianCreateApp(entry), 1);
  const rows = adaptersIn(run).map((adapter) => {
    const entries = counts.map((routes) =>
      run.createApp.find((entry) => entry.adapter === adapter && entry.routes === routes),
    );
    const first = medianCreateApp(entries[0]);
    const last = medianCreateApp(entries[entries.length - 1]);
    const cpu = (entry: CreateAppResult | undefined) =>
      entry?.failure || !entry?.createAppCpuMs?.length
        ? DASH
        : fixed(median(entry.createAppCpuMs), 1);
    return [
      adapter,
      ...entries.map(cell),
      ...entries.map(cpu),
      ...entries.map((entry) => fixed(entry ? median(entry.importMs) : undefined, 1)),
      counts.length > 1 && first && last ? `${(last / first).toFixed(2)}×` : DASH,
    ];
  });
  return [
    "## createApp time for generated apps",
    "",
    `A generated app per adapter (5 routes per controller: list with a query model, get, create with a body model, update, delete; named body, item and query models), each measured in a fresh process, median of ${run.options.startupRuns}. createApp includes reading metadata, compiling validators, building routes and generating the OpenAPI document. CPU is the CPU time the process spent in createApp (all threads, on the one pinned core): it moves less than the wall time when the machine is shared, and is shown for that reason; the goals use the wall time. Import is loading the generated controllers module (transpile + decorators), shown for context.`,
    "",
    table(
      [
        "Adapter",
        ...counts.map((n) => `createApp ${n} routes (ms)`),
        ...counts.map((n) => `CPU ${n} routes (ms)`),
        ...counts.map((n) => `import ${n} routes (ms)`),
        counts.length > 1 ? `${counts[counts.length - 1]} ÷ ${counts[0]}` : "ratio",
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
  return ["## Failures and notes", "", lines.length > 0 ? lines.join("\n") : "None."].join("\n");
}

/** The whole Markdown report. */
export function renderReport(run: RunResults): string {
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
    throughputSection(run, raw),
    "",
    startupSection(run, raw),
    "",
    createAppSection(run),
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
