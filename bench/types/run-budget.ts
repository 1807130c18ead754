// `pnpm types:budget`: the typed-client consumers at 0, 60 and 200 routes, @trellis/client beside
// Hono's `hc`, under TypeScript 5.9 and the native compiler, in one run. Writes
// types/budget-results.json and the "Type-check budget" section of RESULTS.md.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { replaceResultsSection } from "../lib/results-sections.js";
import { type Framework, measure, perRouteGrowth, ROUTE_COUNTS } from "./budget.js";
import { type BudgetResults, renderBudgetSection } from "./budget-report.js";
import { benchDir, TSC_59 } from "./type-check.js";

/** The native compiler's preview, pinned: its figures move from build to build. */
export const NATIVE_PREVIEW = "@typescript/native-preview@7.0.0-dev.20260707.2";

const compilers: Record<string, readonly string[]> = {
  "TypeScript 5.9.3": TSC_59,
  [`native (${NATIVE_PREVIEW.split("@")[2]})`]: ["npx", "-y", NATIVE_PREVIEW],
};

const frameworks: Framework[] = ["trellis", "hono"];

async function main(): Promise<void> {
  const out = join(benchDir, "types", "budget-results.json");
  if (process.argv.includes("--report-only")) {
    const saved = JSON.parse(readFileSync(out, "utf8")) as BudgetResults;
    replaceResultsSection(join(benchDir, "RESULTS.md"), renderBudgetSection(saved));
    return;
  }
  const root = join(benchDir, ".results", "type-budget");
  const results: BudgetResults = { date: new Date().toISOString(), rows: [] };
  for (const [compiler, argv] of Object.entries(compilers)) {
    for (const framework of frameworks) {
      const counts: Record<number, number> = {};
      for (const routes of ROUTE_COUNTS) {
        const figures = measure(argv, framework, routes, root);
        if (figures.errors.length > 0) {
          throw new Error(
            `${framework} at ${routes} routes: ${figures.errors.slice(0, 3).join("\n")}`,
          );
        }
        counts[routes] = figures.instantiations;
        results.rows.push({ compiler, framework, routes, ...figures });
        console.log(
          `[types] ${compiler} ${framework} ${routes} routes: ${figures.instantiations} instantiations, check ${figures.checkTime} s`,
        );
      }
      const growth = perRouteGrowth(counts as { 0: number; 60: number; 200: number });
      console.log(
        `[types] ${compiler} ${framework}: per route ${growth.first.toFixed(0)} then ${growth.next.toFixed(0)}`,
      );
    }
  }
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  replaceResultsSection(join(benchDir, "RESULTS.md"), renderBudgetSection(results));
}

await main();
