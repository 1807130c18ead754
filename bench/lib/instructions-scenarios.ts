// The judge's scenarios: the timed scenarios of scenarios.ts (S1-S6 and the scalar twins), reused
// as they are, plus X, a response that does not depend on the request, for the static-route row.
import { type Scenario, scenarios } from "./scenarios.js";

/** A scenario of the judge, with the targets that serve it. */
export interface JudgeScenario extends Omit<Scenario, "id" | "method"> {
  id: string;
  method: string;
  servedBy(targetId: string): boolean;
}

/**
 * X: `OPTIONS /users`, an answer that depends on nothing in the request but the path. Trellis
 * answers 204 with `Allow`; the other targets answer what they answer (raw and Elysia have no
 * OPTIONS handling), so `status` 0 accepts any status as long as every request gets the same one,
 * and the report shows it (see INSTRUCTIONS.md, "Static routes").
 */
export const STATIC_SCENARIO: JudgeScenario = {
  id: "X",
  title: "X OPTIONS /users",
  method: "OPTIONS",
  path: "/users",
  status: 0,
  about: "an answer that does not depend on the request (OPTIONS with Allow)",
  // raw-body-checks is raw with another body reader: X (no body) would only count raw again.
  servedBy: (targetId) => targetId !== "raw-body-checks",
};

/** Every judge scenario, in report order. */
export const JUDGE_SCENARIOS: readonly JudgeScenario[] = [
  ...scenarios.map((scenario) => ({ ...scenario, servedBy: () => true })),
  STATIC_SCENARIO,
];

/** The scenarios selected by id (all when empty). */
export function judgeScenarios(ids: readonly string[]): JudgeScenario[] {
  const unknown = ids.filter((id) => !JUDGE_SCENARIOS.some((scenario) => scenario.id === id));
  if (unknown.length > 0) throw new Error(`Unknown scenario(s): ${unknown.join(", ")}`);
  return ids.length === 0
    ? [...JUDGE_SCENARIOS]
    : JUDGE_SCENARIOS.filter((scenario) => ids.includes(scenario.id));
}
