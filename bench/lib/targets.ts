// The benchmark targets: each is one file in targets/ that serves the scenarios on $PORT.
import { SCENARIO_IDS, type ScenarioId } from "./scenarios.js";

/** A server the runner starts, verifies and measures. */
export interface Target {
  /** Stable id, also the file name in targets/ and the `--targets` value. */
  id: string;
  /** Row label in the report. */
  label: string;
  /** The Trellis adapter it uses, for Trellis targets. */
  trellisAdapter?: TrellisAdapter;
  /**
   * Scenarios the target cannot serve honestly, with the reason (shown as n/a in the report and
   * skipped by verification and timing). Every other scenario is served.
   */
  unsupported?: Partial<Record<ScenarioId, string>>;
  /** Counted by the instruction judge only: the wall-clock bench leaves it out unless named. */
  judgeOnly?: boolean;
}

/** Whether a target serves a scenario (results saved before a target declared any: all). */
export const serves = (target: Target, scenario: ScenarioId): boolean =>
  target.unsupported?.[scenario] === undefined;

/** Whether a target is Trellis itself (the whole-vs-scalar goals apply to every one). */
export const isTrellis = (target: Target): boolean => target.id.startsWith("trellis-");

/** The four Trellis adapters, as in their factory names. */
export type TrellisAdapter = "typebox" | "zod" | "valibot" | "classValidator";

// bun-openapi validates query, headers and body before any guard or middleware runs.
const BUN_OPENAPI_GUARD_ORDER =
  "it validates query and headers before guards and middleware run, so a wrong token with invalid input is answered 400, not 401";

// raw-body-checks differs from raw only in S2's body reader; its other routes are raw's own.
const ONLY_S2 =
  "raw with Trellis's body reader: only S2 is counted (its difference to raw is the body checks' cost)";
const BODY_CHECKS_UNSUPPORTED = Object.fromEntries(
  SCENARIO_IDS.filter((id) => id !== "S2").map((id) => [id, ONLY_S2]),
) as Partial<Record<ScenarioId, string>>;

/** Every target, raw first (ratios are to it). */
export const targets: readonly Target[] = [
  { id: "raw", label: "raw Bun.serve" },
  {
    id: "raw-body-checks",
    label: "raw + Trellis body checks",
    unsupported: BODY_CHECKS_UNSUPPORTED,
    judgeOnly: true,
  },
  { id: "trellis-typebox", label: "Trellis + TypeBox", trellisAdapter: "typebox" },
  // The same target with request ids on (Trellis's default; the others send none).
  { id: "trellis-typebox-ids", label: "Trellis + TypeBox, request ids on" },
  { id: "trellis-typebox-1", label: "Trellis + TypeBox 1.x" },
  { id: "trellis-zod", label: "Trellis + Zod", trellisAdapter: "zod" },
  // The Standard Schema adapter: Zod's schemas through the standard interface (the ratio to
  // trellis-zod is the interface's cost), and ArkType.
  { id: "trellis-zod-standard", label: "Trellis + Zod (Standard Schema)" },
  { id: "trellis-arktype", label: "Trellis + ArkType (Standard Schema)" },
  { id: "trellis-valibot", label: "Trellis + Valibot", trellisAdapter: "valibot" },
  {
    id: "trellis-class-validator",
    label: "Trellis + class-validator",
    trellisAdapter: "classValidator",
  },
  { id: "elysia", label: "Elysia (t)" },
  { id: "hono-zod", label: "Hono + zod-validator" },
  {
    id: "bun-openapi-typebox",
    label: "bun-openapi + TypeBox",
    unsupported: {
      S4: BUN_OPENAPI_GUARD_ORDER,
      S5: "its TypeBox adapter returns the validated input as sent (Value.Decode, no Clean): unknown properties reach the handler",
    },
  },
  {
    id: "bun-openapi-class-validator",
    label: "bun-openapi + class-validator",
    unsupported: {
      S4: BUN_OPENAPI_GUARD_ORDER,
      S5: "its class-validator adapter runs without `whitelist` (not configurable): unknown properties reach the handler",
    },
  },
];

/** The targets selected by `--targets` (all but the judge's own when empty), raw always first. */
export function selectTargets(ids: readonly string[]): Target[] {
  if (ids.length === 0) return targets.filter((target) => target.judgeOnly !== true);
  const unknown = ids.filter((id) => !targets.some((target) => target.id === id));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown target(s): ${unknown.join(", ")}. Known: ${targets.map((t) => t.id).join(", ")}`,
    );
  }
  return targets.filter((target) => target.id === "raw" || ids.includes(target.id));
}
