// The startup, import and memory goals of the report: one row each, measured value and pass/fail.
import {
  CREATE_APP_SCALING_MAX,
  IMPORT_VS_ELYSIA_MAX,
  RSS_OVER_RAW_MAX_MIB,
  STARTUP_VS_ELYSIA_MAX,
  STARTUP_VS_ELYSIA_ROUTES,
} from "./goals.js";
import type { RunResults, TargetResult } from "./results.js";
import { createAppAt, importRatio, startupRatios, trellisStartup } from "./startup-metrics.js";
import type { TrellisAdapter } from "./targets.js";

/** One line per goal: what was asked, what was measured, pass or fail. */
interface Row {
  goal: string;
  measured: string;
  ok: boolean;
}

/** createApp vs Elysia + @elysiajs/openapi building routes and document, and 1000 vs 500 routes. */
export function createAppGoalRows(run: RunResults, adapters: readonly TrellisAdapter[]): Row[] {
  const rows: Row[] = [];
  const routes = STARTUP_VS_ELYSIA_ROUTES;
  for (const adapter of adapters) {
    const max = STARTUP_VS_ELYSIA_MAX[adapter];
    if (max !== undefined) {
      const { createApp, withDocument, goal } = startupRatios(run, adapter, routes);
      const others = [
        withDocument === undefined
          ? ""
          : `createApp + first document ÷ build + document ${withDocument.toFixed(2)}×`,
        createApp === undefined ? "" : `createApp ÷ build alone ${createApp.toFixed(2)}×`,
      ].filter(Boolean);
      rows.push({
        goal: `createApp ${adapter} ${routes} routes ≤ ${max.toFixed(2)}× Elysia + openapi building the routes and document`,
        measured:
          goal === undefined
            ? "not measured"
            : `${goal.toFixed(2)}×${others.length > 0 ? ` (${others.join("; ")})` : ""}`,
        ok: goal !== undefined && goal <= max,
      });
    }
    const at500 = trellisStartup(createAppAt(run, adapter, 500)).withDocument;
    const at1000 = trellisStartup(createAppAt(run, adapter, 1000)).withDocument;
    const scaling = at500 && at1000 ? at1000 / at500 : undefined;
    rows.push({
      goal: `createApp + document ${adapter} 1000 routes ≤ ${CREATE_APP_SCALING_MAX}× 500 routes`,
      measured: scaling === undefined ? "not measured" : `${scaling.toFixed(2)}×`,
      ok: scaling !== undefined && scaling <= CREATE_APP_SCALING_MAX,
    });
  }
  return rows;
}

/** Core + adapter import ≤ Elysia's import, per Trellis adapter set measured. */
export function importGoalRows(run: RunResults): Row[] {
  return (run.imports ?? [])
    .filter((entry) => entry.modules.length > 1 && entry.modules[0] === "@trellis/core")
    .map((entry) => {
      const ratio = importRatio(run, entry);
      const net = entry.modules.includes("@trellis/adapter-class-validator")
        ? " (class-validator's own import taken off)"
        : "";
      return {
        goal: `import ${entry.label}${net} ≤ ${IMPORT_VS_ELYSIA_MAX.toFixed(2)}× elysia`,
        measured: ratio === undefined ? "not measured" : `${ratio.toFixed(2)}×`,
        ok: ratio !== undefined && ratio <= IMPORT_VS_ELYSIA_MAX,
      };
    });
}

/** RSS after load ≤ raw + the allowance, for every target but raw. */
export function rssGoalRows(run: RunResults, raw: TargetResult | undefined): Row[] {
  return run.targets
    .filter((result) => result.target.id !== "raw")
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
