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

export const INSTRUCTION_GOALS: readonly InstructionGoal[] = [
  { target: "trellis-typebox", scenarios: ["S1", "S3"], versus: "raw", max: 1.05 },
  { target: "trellis-typebox", scenarios: ["S2"], versus: "raw", max: 1.12 },
  {
    target: "trellis-typebox",
    scenarios: ["S1", "S1s", "S2", "S3", "S3s", "S4", "S5", "S6", "X"],
    versus: "elysia",
    max: 0.95,
  },
  ...STANDARD.map((target) => ({
    target,
    scenarios: ["S1", "S2", "S3"],
    versus: "raw" as const,
    max: 1.25,
  })),
  { target: "trellis-class-validator", scenarios: ["S2", "S5"], versus: "raw", max: 1.6 },
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
