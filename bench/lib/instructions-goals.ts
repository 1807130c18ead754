// The targets for the instruction judge, as data, and how a counted row is judged.
import type { CountedRow, InstructionResults } from "./instructions-results.js";

/** One target of the issue: a ratio of main-thread instructions per request. */
export interface InstructionGoal {
  target: string;
  scenarios: readonly string[];
  /** What the ratio is to. */
  versus: "raw" | "elysia";
  max: number;
}

const STANDARD = ["trellis-zod", "trellis-valibot", "trellis-zod-standard", "trellis-arktype"];

// Issue 47 (performance wave 4), on the default configuration.
export const INSTRUCTION_GOALS: readonly InstructionGoal[] = [
  { target: "trellis-typebox", scenarios: ["S1", "S3"], versus: "raw", max: 1.05 },
  { target: "trellis-typebox", scenarios: ["S2"], versus: "raw", max: 1.12 },
  {
    target: "trellis-typebox",
    scenarios: ["S1", "S1s", "S2", "S3", "S3s", "S4", "S5", "S6", "X"],
    versus: "elysia",
    max: 0.9,
  },
  ...STANDARD.map((target) => ({
    target,
    scenarios: ["S1", "S2", "S3"],
    versus: "raw" as const,
    max: 1.2,
  })),
  ...STANDARD.map((target) => ({
    target,
    scenarios: ["S5"],
    versus: "raw" as const,
    max: 1.6,
  })),
  { target: "trellis-class-validator", scenarios: ["S2"], versus: "raw", max: 1.5 },
  { target: "trellis-class-validator", scenarios: ["S5"], versus: "raw", max: 2.5 },
];

/** The burst check: all threads' instructions at most this much above the main thread's. */
export const BURST_LIMIT = 1.05;

/** A goal applied to one scenario: the measured ratio, or why there is none. */
export interface GoalVerdict {
  goal: InstructionGoal;
  scenario: string;
  ratio?: number;
  met?: boolean;
  missing?: string;
}

const row = (
  results: InstructionResults,
  target: string,
  scenario: string,
): CountedRow | undefined => results.rows[target]?.[scenario];

/** Main-thread ratio of a target to another on a scenario, when both were counted. */
export function ratioTo(
  results: InstructionResults,
  target: string,
  versus: string,
  scenario: string,
): number | undefined {
  const a = row(results, target, scenario);
  const b = row(results, versus, scenario);
  return a && b ? a.main / b.main : undefined;
}

/** Every goal on every scenario it names, judged where both rows were counted. */
export function judgeGoals(results: InstructionResults): GoalVerdict[] {
  return INSTRUCTION_GOALS.flatMap((goal) =>
    goal.scenarios.map((scenario): GoalVerdict => {
      const ratio = ratioTo(results, goal.target, goal.versus, scenario);
      if (ratio === undefined) return { goal, scenario, missing: "not counted" };
      return { goal, scenario, ratio, met: ratio <= goal.max };
    }),
  );
}

/**
 * A row's all-threads / main-thread ratio minus raw's on the same scenario: what the target's
 * own JIT and GC work adds beyond the runtime's background threads, which raw has too.
 */
export function threadExcess(
  results: InstructionResults,
  target: string,
  scenario: string,
): number | undefined {
  const a = row(results, target, scenario);
  const raw = row(results, "raw", scenario);
  return a && raw ? a.all / a.main - raw.all / raw.main : undefined;
}

/** The target that is raw with Trellis's body reader (targets/raw-body-checks.ts). */
export const BODY_CHECKS_TARGET = "raw-body-checks";

/** S2's body checks on their own: raw + Trellis's body reader against raw, when both were counted. */
export function bodyChecksCost(
  results: InstructionResults,
): { checked: number; raw: number; cost: number } | undefined {
  const checked = row(results, BODY_CHECKS_TARGET, "S2");
  const raw = row(results, "raw", "S2");
  return checked && raw
    ? { checked: checked.main, raw: raw.main, cost: checked.main - raw.main }
    : undefined;
}
