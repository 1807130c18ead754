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

// Startup, import and memory goals (issue 26). Kept apart from the load goals above.

/** The generated app size at which createApp is compared with Elysia + @elysiajs/openapi. */
export const STARTUP_VS_ELYSIA_ROUTES = 500;

/**
 * Maximum (createApp + document) ÷ (Elysia + @elysiajs/openapi build + document) for the generated
 * app of STARTUP_VS_ELYSIA_ROUTES routes, per adapter with a goal.
 */
export const STARTUP_VS_ELYSIA_MAX: Partial<Record<TrellisAdapter, number>> = { typebox: 1 };

/** createApp + document for 1000 routes may take at most this multiple of 500 routes. */
export const CREATE_APP_SCALING_MAX = 2.2;

/** Maximum (core + adapter import) ÷ (elysia import), same run. */
export const IMPORT_VS_ELYSIA_MAX = 1;

/** RSS after load may exceed raw's by at most this many MiB (every target). */
export const RSS_OVER_RAW_MAX_MIB = 15;
