// `pnpm bench`: starts every target, verifies it, times the scenarios with wrk in interleaved rounds,
// measures startup and memory, and writes RESULTS.md. See README.md for the method.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseBenchArgs } from "./lib/args.js";
import { writeCharts } from "./lib/charts.js";
import { installCleanup, killAll } from "./lib/children.js";
import { checkTools, describeEnvironment } from "./lib/environment.js";
import { loadPhase } from "./lib/load-phase.js";
import { renderReport } from "./lib/report.js";
import type { RunResults, Sample, TargetResult } from "./lib/results.js";
import { carryOwnedSections } from "./lib/results-sections.js";
import { selectScenarios } from "./lib/scenarios.js";
import { benchDir } from "./lib/server-process.js";
import { type StartupResults, startupPhase } from "./lib/startup-phase.js";
import { selectTargets, serves } from "./lib/targets.js";
import { writeMarkdown } from "./lib/write-markdown.js";
import { carrySoakSection } from "./soak/report.js";

const log = (message: string) => console.log(`[bench] ${message}`);

/**
 * Writes the report and its charts (SVG files in charts/ beside it); the soak (pnpm soak) owns its
 * "Soak" section, which is kept.
 */
async function writeReport(run: RunResults, out: string): Promise<void> {
  const charts = await writeCharts(run, dirname(out), log);
  const previous = existsSync(out) ? readFileSync(out, "utf8") : "";
  // The soak's, the instruction judge's and the type budget's sections are their commands' own.
  const rendered = carryOwnedSections(
    previous,
    carrySoakSection(previous, renderReport(run, charts)),
  );
  if (!writeMarkdown(out, rendered))
    log(`note: biome could not format ${out}; run \`biome format --write\``);
}

async function main(): Promise<void> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (options.fromJson) {
    const run = JSON.parse(readFileSync(resolve(options.fromJson), "utf8")) as RunResults;
    const out = resolve(benchDir, options.out);
    await writeReport(run, out);
    log(`wrote ${out} from ${options.fromJson}`);
    return;
  }
  installCleanup();
  checkTools();
  const startedAt = new Date().toISOString();
  const environment = describeEnvironment();
  const selected = selectScenarios(options.scenarios ?? []);
  const results: TargetResult[] = selectTargets(options.targets).map((target) => ({
    target,
    first200Ms: [],
    startupRssMiB: [],
    // A served, selected scenario gets a list (empty: failed, shown as a dash); others stay n/a.
    samples: Object.fromEntries(
      selected.filter((s) => serves(target, s.id)).map((s) => [s.id, [] as Sample[]]),
    ),
  }));
  const startup: StartupResults = options.skipStartup
    ? { createApp: [], elysiaBuild: [], imports: [] }
    : await startupPhase(results, options, log);

  if (!options.skipLoad) {
    await loadPhase(results, selected, options, log);
  }

  const run: RunResults = {
    options,
    environment,
    startedAt,
    finishedAt: new Date().toISOString(),
    targets: results,
    ...startup,
  };
  const resultsDir = join(benchDir, ".results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = startedAt.replace(/[:.]/g, "-");
  writeFileSync(join(resultsDir, `run-${stamp}.json`), `${JSON.stringify(run, null, 2)}\n`);
  const out = resolve(benchDir, options.out);
  await writeReport(run, out);
  log(`wrote ${out} (raw data in .results/run-${stamp}.json)`);
}

main().then(
  () => killAll(),
  (error: unknown) => {
    console.error(`[bench] ${(error as Error).message ?? error}`);
    killAll();
    process.exit(1);
  },
);
