// Checks a run against the goals: one row per goal with the measured value and pass/fail.
import { throughputGoal } from "./goals.js";
import { oneLine } from "./markdown.js";
import { medianRatio } from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { scenarios } from "./scenarios.js";
import { createAppGoalRows, importGoalRows, rssGoalRows } from "./startup-goal-rows.js";
import type { TrellisAdapter } from "./targets.js";

const ADAPTERS: TrellisAdapter[] = ["typebox", "zod", "valibot", "classValidator"];

/** The Trellis adapters this run covered (its selected targets or createApp measurements). */
export function adaptersIn(run: RunResults): TrellisAdapter[] {
  return ADAPTERS.filter(
    (adapter) =>
      run.targets.some((result) => result.target.trellisAdapter === adapter) ||
      run.createApp.some((entry) => entry.adapter === adapter),
  );
}

/** One line per goal: what was asked, what was measured, pass or fail. */
export interface GoalRow {
  goal: string;
  measured: string;
  ok: boolean;
}

function throughputGoalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const result of run.targets) {
    for (const scenario of scenarios) {
      const goal = throughputGoal(result.target.id, scenario.id);
      if (goal === undefined) continue;
      const ratio = raw ? medianRatio(result, raw, scenario.id) : undefined;
      const failed = result.failure ? ` (target failed: ${oneLine(result.failure, 60)})` : "";
      rows.push({
        goal: `${result.target.label} ${scenario.id} ≥ ${goal.toFixed(2)}× raw`,
        measured: ratio === undefined ? `not measured${failed}` : `${ratio.toFixed(2)}×${failed}`,
        ok: ratio !== undefined && !result.failure && ratio >= goal,
      });
    }
  }
  return rows;
}

/** Every goal the run could check (load goals need the load phase, createApp goals the startup one). */
export function goalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  return [
    ...(run.options.skipLoad ? [] : throughputGoalRows(run, raw)),
    ...(run.options.skipStartup ? [] : createAppGoalRows(run, adaptersIn(run))),
    ...(run.options.skipStartup ? [] : importGoalRows(run)),
    ...(run.options.skipLoad ? [] : rssGoalRows(run, raw)),
  ];
}
