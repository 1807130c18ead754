// The "Type-check budget" section of RESULTS.md, from types/budget-results.json.
import { perRouteGrowth } from "./budget.js";
import type { CheckFigures } from "./type-check.js";

/** One consumer as checked. */
export interface BudgetRow extends CheckFigures {
  compiler: string;
  framework: "trellis" | "hono";
  routes: number;
}

export interface BudgetResults {
  date: string;
  rows: BudgetRow[];
}

const LABEL = { trellis: "@trellis/client", hono: "Hono `hc`" } as const;
const int = (value: number) => Math.round(value).toLocaleString("en-US");

/** The section: a table per compiler and framework, and the per-route growth. */
export function renderBudgetSection(results: BudgetResults): string {
  const lines = [
    "## Type-check budget (@trellis/client)",
    "",
    `\`pnpm types:budget\` on ${results.date}. A generated app of N routes (Zod schemas, a distinct`,
    "pair per route) and a module calling every route through the typed client and reading one",
    "field of each typed answer; `tsc --extendedDiagnostics` on it. 0 routes is the imports alone.",
    "Instantiations are exact for a compiler; check times are of this shared machine (indicative).",
    "Budget: the instantiations each route adds from 60 to 200 routes are at most those each of the",
    "first 60 added (+5 %), i.e. growth is at most linear; `types/type-budget.test.ts` asserts it",
    "under TypeScript 5.9 in the test command.",
    "",
    "| Compiler | Client | Routes | Instantiations | Types | Check time (s) | Per route added |",
    "| -------- | ------ | -----: | -------------: | ----: | -------------: | --------------: |",
  ];
  const groups = new Map<string, BudgetRow[]>();
  for (const row of results.rows) {
    const key = `${row.compiler}|${row.framework}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const verdicts: string[] = [];
  for (const rows of groups.values()) {
    const at = (routes: number) => rows.find((row) => row.routes === routes)?.instantiations ?? 0;
    const growth = perRouteGrowth({ 0: at(0), 60: at(60), 200: at(200) });
    for (const row of rows) {
      const added = row.routes === 60 ? growth.first : row.routes === 200 ? growth.next : undefined;
      lines.push(
        `| ${row.compiler} | ${LABEL[row.framework]} | ${row.routes} | ${int(row.instantiations)} | ${int(row.types)} | ${row.checkTime.toFixed(2)} | ${added === undefined ? "" : int(added)} |`,
      );
    }
    const first = rows[0]!;
    verdicts.push(
      `- ${first.compiler}, ${LABEL[first.framework]}: ${int(growth.first)} instantiations per route up to 60, ${int(growth.next)} per route from 60 to 200: ${growth.linear ? "**at most linear**" : "**faster than linear**"}.`,
    );
  }
  const ratio = (compiler: string, routes: number) => {
    const of = (framework: string) =>
      results.rows.find(
        (r) => r.compiler === compiler && r.framework === framework && r.routes === routes,
      );
    const trellis = of("trellis");
    const hono = of("hono");
    return trellis && hono ? hono.instantiations / trellis.instantiations : undefined;
  };
  for (const compiler of new Set(results.rows.map((row) => row.compiler))) {
    const r = ratio(compiler, 200);
    if (r !== undefined) {
      verdicts.push(
        `- ${compiler} at 200 routes: Hono \`hc\` needs ${r.toFixed(1)}× the instantiations of @trellis/client.`,
      );
    }
  }
  const compilerNames = [...new Set(results.rows.map((row) => row.compiler))];
  if (compilerNames.length === 2) {
    const [classic, native] = compilerNames as [string, string];
    for (const framework of ["trellis", "hono"] as const) {
      const at = (compiler: string) =>
        results.rows.find(
          (r) => r.compiler === compiler && r.framework === framework && r.routes === 200,
        )?.instantiations;
      const a = at(classic);
      const b = at(native);
      if (a !== undefined && b !== undefined) {
        verdicts.push(
          `- ${LABEL[framework]} at 200 routes, ${native} / ${classic}: ${(b / a).toFixed(2)}× the instantiations.`,
        );
      }
    }
  }
  return [...lines, "", ...verdicts, ""].join("\n");
}
