// Checks a run against the issue's goals: one row per goal with the measured value and pass/fail.
import { AHEAD_OF, efficiencyGoal, WHOLE_SCALAR_PAIRS, WHOLE_VS_SCALAR_MIN } from "./goals.js";
import { oneLine } from "./markdown.js";
import { measuredScenario, medianEfficiencyRatio, medianTwinRatio } from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { type ScenarioId, scenariosOfRun } from "./scenarios.js";
import { createAppGoalRows, importGoalRows, rssGoalRows } from "./startup-goal-rows.js";
import { isTrellis, type TrellisAdapter } from "./targets.js";

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

/** A target's efficiency ratio on a scenario, if it was measured. */
function ratioOf(
  result: TargetResult,
  raw: TargetResult | undefined,
  scenario: ScenarioId,
): number | undefined {
  return raw ? medianEfficiencyRatio(result, raw, scenario) : undefined;
}

const failedNote = (result: TargetResult) =>
  result.failure ? ` (target failed: ${oneLine(result.failure, 60)})` : "";

function efficiencyGoalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const result of run.targets) {
    for (const scenario of scenariosOfRun(run.options)) {
      const goal = efficiencyGoal(result.target.id, scenario.id);
      // n/a (results saved before the scenario existed): no goal to judge.
      if (goal === undefined || !measuredScenario(result, scenario.id)) continue;
      const ratio = ratioOf(result, raw, scenario.id);
      rows.push({
        goal: `${result.target.label} ${scenario.id} ≥ ${goal.toFixed(2)}× raw`,
        measured: `${ratio === undefined ? "not measured" : `${ratio.toFixed(2)}×`}${failedNote(result)}`,
        ok: ratio !== undefined && !result.failure && ratio >= goal,
      });
    }
  }
  return rows;
}

/** "At least the peer's ratio on every scenario both serve" (Trellis + TypeBox vs Elysia). */
function aheadOfRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const result of run.targets) {
    const peerId = AHEAD_OF[result.target.id];
    if (peerId === undefined) continue;
    const peer = run.targets.find((other) => other.target.id === peerId);
    if (peer === undefined) {
      rows.push({
        goal: `${result.target.label} ≥ ${peerId} on every scenario`,
        measured: `not measured (${peerId} not in this run)`,
        ok: false,
      });
      continue;
    }
    for (const scenario of scenariosOfRun(run.options)) {
      // n/a on either side (not served, or not in saved results): nothing to compare.
      if (!measuredScenario(result, scenario.id) || !measuredScenario(peer, scenario.id)) continue;
      const own = ratioOf(result, raw, scenario.id);
      const theirs = ratioOf(peer, raw, scenario.id);
      rows.push({
        goal: `${result.target.label} ${scenario.id} ≥ ${peer.target.label}`,
        measured:
          own === undefined || theirs === undefined
            ? `not measured${failedNote(result)}${peer.failure ? ` (${peerId} failed)` : ""}`
            : `${own.toFixed(2)}× vs ${theirs.toFixed(2)}×${failedNote(result)}`,
        ok: own !== undefined && theirs !== undefined && !result.failure && own >= theirs,
      });
    }
  }
  return rows;
}

/** Whole-object bindings within 3% of scalar bindings of the same route, every Trellis target. */
function wholeVsScalarRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  const ids = scenariosOfRun(run.options).map((scenario) => scenario.id);
  const rows: GoalRow[] = [];
  for (const result of run.targets.filter((r) => isTrellis(r.target))) {
    for (const [whole, scalar] of WHOLE_SCALAR_PAIRS) {
      if (!ids.includes(whole) || !ids.includes(scalar)) continue;
      // n/a (not served, or results saved before the scalar scenarios existed): no goal to judge.
      if (!measuredScenario(result, whole) || !measuredScenario(result, scalar)) continue;
      const paired = medianTwinRatio(result, whole, scalar);
      const w = ratioOf(result, raw, whole);
      const s = ratioOf(result, raw, scalar);
      const againstRaw =
        w === undefined || s === undefined ? "" : ` (${w.toFixed(2)}× vs ${s.toFixed(2)}× raw)`;
      rows.push({
        goal: `${result.target.label} ${whole} ≥ ${WHOLE_VS_SCALAR_MIN.toFixed(2)}× ${scalar}`,
        measured:
          paired === undefined
            ? `not measured${failedNote(result)}`
            : `${paired.toFixed(3)}${againstRaw}${failedNote(result)}`,
        ok: paired !== undefined && !result.failure && paired >= WHOLE_VS_SCALAR_MIN,
      });
    }
  }
  return rows;
}

/** Every goal the run could check (load goals need the load phase, startup and import goals the startup one). */
export function goalRows(run: RunResults, raw: TargetResult | undefined): GoalRow[] {
  return [
    ...(run.options.skipLoad ? [] : efficiencyGoalRows(run, raw)),
    ...(run.options.skipLoad ? [] : aheadOfRows(run, raw)),
    ...(run.options.skipLoad ? [] : wholeVsScalarRows(run, raw)),
    ...(run.options.skipStartup ? [] : createAppGoalRows(run, adaptersIn(run))),
    ...(run.options.skipStartup ? [] : importGoalRows(run)),
    ...(run.options.skipLoad ? [] : rssGoalRows(run, raw)),
  ];
}
