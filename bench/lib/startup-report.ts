// The report's startup sections: createApp beside Elysia + @elysiajs/openapi by route count, and
// import times. Charts, when rendered, sit right below their tables.
import { ELYSIA_IMPORT } from "./import-bench.js";
import { DASH, fixed, table } from "./markdown.js";
import type { CreateAppResult, ElysiaBuildResult, RunResults } from "./results.js";
import {
  createAppAt,
  elysiaAt,
  elysiaStartup,
  importRatio,
  medianImport,
  startupRatios,
  trellisStartup,
} from "./startup-metrics.js";
import { median } from "./stats.js";
import type { TrellisAdapter } from "./targets.js";

/** A Markdown image line for a chart, or nothing. */
export function chartLine(alt: string, link: string | undefined): string[] {
  return link ? ["", `![${alt}](${link})`] : [];
}

const ELYSIA_ROW = "Elysia + @elysiajs/openapi";

/** "createApp / with document" in ms, "failed", or a dash. */
function pairCell(failure: string | undefined, without?: number, withDocument?: number): string {
  if (failure) return "failed";
  if (without === undefined && withDocument === undefined) return DASH;
  return `${fixed(without, 1)} / ${fixed(withDocument, 1)}`;
}

function cpuWithDocument(entry: CreateAppResult | ElysiaBuildResult | undefined): string {
  if (!entry || entry.failure) return DASH;
  const first = "adapter" in entry ? entry.createAppCpuMs : entry.buildCpuMs;
  if (!first?.length) return DASH;
  return fixed(median(first.map((value, i) => value + (entry.documentCpuMs?.[i] ?? 0))), 1);
}

/** createApp (Trellis) and build (Elysia) per size, their ratios, CPU time and module load. */
export function createAppSection(
  run: RunResults,
  adapters: readonly TrellisAdapter[],
  chart?: string,
): string {
  const counts = [
    ...new Set([
      ...run.createApp.map((entry) => entry.routes),
      ...(run.elysiaBuild ?? []).map((entry) => entry.routes),
    ]),
  ].sort((a, b) => a - b);
  if (counts.length === 0) return "## createApp time\n\nNot measured in this run.";
  // The goal compares 1000 with 500 routes; other runs compare their largest with their smallest.
  const [from, to] =
    counts.includes(500) && counts.includes(1000) ? [500, 1000] : [counts[0]!, counts.at(-1)!];
  const scaling = (values: { withDocument?: number }[]) => {
    const small = values[counts.indexOf(from)]?.withDocument;
    const large = values[counts.indexOf(to)]?.withDocument;
    return from !== to && small && large ? `${(large / small).toFixed(2)}×` : DASH;
  };

  const timeRows = adapters.map((adapter) => {
    const entries = counts.map((routes) => createAppAt(run, adapter, routes));
    const medians = entries.map(trellisStartup);
    return [
      `Trellis + ${adapter}`,
      ...entries.map((entry, i) =>
        pairCell(entry?.failure, medians[i]!.createApp, medians[i]!.withDocument),
      ),
      scaling(medians),
    ];
  });
  const elysiaEntries = counts.map((routes) => elysiaAt(run, routes));
  const elysiaMedians = elysiaEntries.map(elysiaStartup);
  const elysiaRow = [
    ELYSIA_ROW,
    ...elysiaEntries.map((entry, i) =>
      pairCell(entry?.failure, elysiaMedians[i]!.build, elysiaMedians[i]!.withDocument),
    ),
    scaling(elysiaMedians),
  ];
  const ratioRows = adapters.map((adapter) => [
    `Trellis + ${adapter}`,
    ...counts.map((routes) => {
      const { createApp, withDocument } = startupRatios(run, adapter, routes);
      return createApp === undefined && withDocument === undefined
        ? DASH
        : `${fixed(createApp, 2)} / ${fixed(withDocument, 2)}`;
    }),
  ]);
  const detailRows = [
    ...adapters.map((adapter) => {
      const entries = counts.map((routes) => createAppAt(run, adapter, routes));
      return [
        `Trellis + ${adapter}`,
        ...entries.map(cpuWithDocument),
        ...entries.map((entry) => fixed(entry ? median(entry.importMs) : undefined, 1)),
      ];
    }),
    [
      ELYSIA_ROW,
      ...elysiaEntries.map(cpuWithDocument),
      ...elysiaEntries.map((entry) => fixed(entry ? median(entry.importMs) : undefined, 1)),
    ],
  ];
  return [
    "## createApp beside Elysia + @elysiajs/openapi (generated apps)",
    "",
    `A generated app per adapter (5 routes per controller: list with a query model, get, create with a body model, update, delete; item, body and query models) and its Elysia twin (the same routes and models in Elysia's \`t\`, with \`@elysiajs/openapi\`), each measured in a fresh process pinned to one core, median of ${run.options.startupRuns}. Each cell is "without document / with document" in ms: for Trellis \`createApp(...)\` / \`createApp(...)\` + the first access of \`app.document\`; for Elysia building the app (plugin and routes) / the build + the first \`GET /openapi/json\` (the plugin builds the document then). Elysia passes its schemas inline: its named models (\`.model()\` referenced by name) took about a second at 500 routes here.`,
    "",
    table(
      ["Framework", ...counts.map((n) => `${n} routes (ms)`), `${to} ÷ ${from} (with document)`],
      [...timeRows, elysiaRow],
    ),
    ...chartLine("Startup time by route count, Trellis adapters and Elysia + openapi", chart),
    "",
    'Trellis ÷ Elysia at each size, "createApp ÷ build / with document ÷ with document" (at most 1.00 is the goal for TypeBox at 500 routes, with the document):',
    "",
    table(["Adapter", ...counts.map((n) => `${n} routes`)], ratioRows),
    "",
    "CPU time of the same work with the document (user + system, all threads, on the pinned core: it moves less than the wall time on a shared machine), and loading the generated models module (transpile, models, decorators), for context:",
    "",
    table(
      [
        "Framework",
        ...counts.map((n) => `CPU ${n} routes (ms)`),
        ...counts.map((n) => `module load ${n} routes (ms)`),
      ],
      detailRows,
    ),
  ].join("\n");
}

/** Import time of each set, and its ratio to Elysia's import in the same run. */
export function importSection(run: RunResults, chart?: string): string {
  const imports = run.imports ?? [];
  if (imports.length === 0) return "## Import time\n\nNot measured in this run.";
  const elysia = medianImport(run, ELYSIA_IMPORT);
  const rows = imports.map((entry) => {
    const own = medianImport(run, entry.id);
    const isTrellisSet = entry.modules[0] === "@trellis/core" && entry.modules.length > 1;
    const ratio = isTrellisSet ? importRatio(run, entry) : elysia && own ? own / elysia : undefined;
    return [
      entry.label,
      entry.modules.map((name) => `\`${name}\``).join(" + "),
      entry.failure ? "failed" : fixed(own, 1),
      fixed(ratio, 2),
    ];
  });
  return [
    "## Import time",
    "",
    `Each set of modules imported by a fresh \`bun\` process pinned to one core (dynamic \`import()\` one after the other, timed inside the process), median of ${run.options.startupRuns} runs, the sets interleaved within each run. An adapter's import includes its schema library. The ratio is to \`elysia\`'s import in the same run; for the class-validator adapter it is taken after subtracting class-validator's own import (the "class-validator alone" row).`,
    "",
    table(["Set", "Modules", "Import (ms)", "÷ elysia"], rows),
    ...chartLine("Import time per set of modules", chart),
  ].join("\n");
}
