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

/** Maximum createApp milliseconds for the generated 500-route app, per adapter. */
export const CREATE_APP_500_MAX_MS: Partial<Record<TrellisAdapter, number>> = {
  typebox: 25,
  classValidator: 150,
};

/** createApp(1000 routes) may take at most this multiple of createApp(500 routes). */
export const CREATE_APP_SCALING_MAX = 2.2;

/** RSS after load may exceed raw's by at most this many MiB (Trellis targets). */
export const RSS_OVER_RAW_MAX_MIB = 20;
