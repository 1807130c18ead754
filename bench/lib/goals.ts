// The targets, checked in the report (ratios are to raw Bun.serve, same round).
import type { Scenario } from "./scenarios.js";
import type { TrellisAdapter } from "./targets.js";

/** Minimum throughput ratio to raw per target and scenario. */
const THROUGHPUT: Record<string, Partial<Record<Scenario["id"], number>>> = {
  "trellis-typebox": { S1: 0.95, S2: 0.9, S3: 0.9 },
  "trellis-zod": { S2: 0.8, S3: 0.8 },
  "trellis-valibot": { S2: 0.8, S3: 0.8 },
  "trellis-class-validator": { S1: 0.6, S2: 0.6, S3: 0.6 },
};

/** The minimum ratio to raw for a target's scenario, if the issue sets one. */
export function throughputGoal(targetId: string, scenario: Scenario["id"]): number | undefined {
  return THROUGHPUT[targetId]?.[scenario];
}

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
