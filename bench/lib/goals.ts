// The targets, checked in the report. Load goals are on the efficiency ratio: requests
// per server CPU-second of a target run ÷ those of the raw run paired with it, median over rounds.
import type { ScenarioId } from "./scenarios.js";
import type { TrellisAdapter } from "./targets.js";

/** Minimum efficiency ratio to raw per target and scenario (issue 26). */
const EFFICIENCY: Record<string, Partial<Record<ScenarioId, number>>> = {
  "trellis-typebox": { S1: 0.95, S2: 0.9, S3: 0.9, S4: 0.9, S5: 0.9, S6: 0.9 },
  "trellis-zod": { S1: 0.9, S2: 0.9, S3: 0.9 },
  "trellis-valibot": { S1: 0.9, S2: 0.9, S3: 0.9 },
  "trellis-class-validator": { S1: 0.8, S2: 0.7, S3: 0.8, S5: 0.7 },
};

/** The minimum efficiency ratio to raw for a target's scenario, if the issue sets one. */
export function efficiencyGoal(targetId: string, scenario: ScenarioId): number | undefined {
  return EFFICIENCY[targetId]?.[scenario];
}

/** Targets whose efficiency ratio must be at least a peer's on every scenario both serve. */
export const AHEAD_OF: Readonly<Record<string, string>> = { "trellis-typebox": "elysia" };

/**
 * Whole-object bindings may cost at most 3% over scalar bindings of the same route: for every
 * Trellis target, ratio(whole) ≥ this × ratio(scalar).
 */
export const WHOLE_VS_SCALAR_MIN = 0.97;

/** The whole-object scenario and its scalar twin. */
export const WHOLE_SCALAR_PAIRS: readonly (readonly [whole: ScenarioId, scalar: ScenarioId])[] = [
  ["S1", "S1s"],
  ["S3", "S3s"],
];

/** Maximum createApp milliseconds for the generated 500-route app, per adapter. */
export const CREATE_APP_500_MAX_MS: Partial<Record<TrellisAdapter, number>> = {
  typebox: 25,
  classValidator: 150,
};

/** createApp(1000 routes) may take at most this multiple of createApp(500 routes). */
export const CREATE_APP_SCALING_MAX = 2.2;

/** RSS after load may exceed raw's by at most this many MiB (Trellis targets). */
export const RSS_OVER_RAW_MAX_MIB = 20;
