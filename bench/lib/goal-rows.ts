// Checks a run against the goals: one row per goal with the measured value and pass/fail.
import {
  CREATE_APP_500_MAX_MS,
  CREATE_APP_SCALING_MAX,
  RSS_OVER_RAW_MAX_MIB,
  throughputGoal,
} from "./goals.js";
import { oneLine } from "./markdown.js";
import { medianCreateApp, medianRatio } from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { scenarios } from "./scenarios.js";
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

function rssGoalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  return run.targets
    .filter((result) => result.target.trellisAdapter !== undefined)
    .map((result) => {
      const over =
        result.rssAfterLoadMiB !== undefined && raw?.rssAfterLoadMiB !== undefined
          ? result.rssAfterLoadMiB - raw.rssAfterLoadMiB
          : undefined;
      return {
        goal: `${result.target.label} RSS after load ≤ raw + ${RSS_OVER_RAW_MAX_MIB} MiB`,
        measured: over === undefined ? "not measured" : `raw + ${over.toFixed(1)} MiB`,
        ok: over !== undefined && !result.failure && over <= RSS_OVER_RAW_MAX_MIB,
      };
    });
}

function createAppGoalRows(run: RunResults): GoalRow[] {
  const rows: GoalRow[] = [];
  const at = (adapter: TrellisAdapter, routes: number) =>
    medianCreateApp(
      run.createApp.find((entry) => entry.adapter === adapter && entry.routes === routes),
    );
  for (const adapter of adaptersIn(run)) {
    const max = CREATE_APP_500_MAX_MS[adapter];
    const at500 = at(adapter, 500);
    const at1000 = at(adapter, 1000);
    if (max !== undefined) {
      rows.push({
        goal: `createApp ${adapter} 500 routes ≤ ${max} ms`,
        measured: at500 === undefined ? "not measured" : `${at500.toFixed(1)} ms`,
        ok: at500 !== undefined && at500 <= max,
      });
    }
    const scaling = at500 && at1000 ? at1000 / at500 : undefined;
    rows.push({
      goal: `createApp ${adapter} 1000 routes ≤ ${CREATE_APP_SCALING_MAX}× 500 routes`,
      measured: scaling === undefined ? "not measured" : `${scaling.toFixed(2)}×`,
      ok: scaling !== undefined && scaling <= CREATE_APP_SCALING_MAX,
    });
  }
  return rows;
}

/** Every goal the run could check (load goals need the load phase, createApp goals the startup one). */
export function goalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  return [
    ...(run.options.skipLoad ? [] : throughputGoalRows(run, raw)),
    ...(run.options.skipStartup ? [] : createAppGoalRows(run)),
    ...(run.options.skipLoad ? [] : rssGoalRows(run, raw)),
  ];
}
