// `pnpm bench`: starts every target, verifies it, times the scenarios with wrk in interleaved rounds,
// measures startup and memory, and writes RESULTS.md. See README.md for the method.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type BenchOptions, parseBenchArgs } from "./lib/args.js";
import { writeCharts } from "./lib/charts.js";
import { installCleanup, killAll } from "./lib/children.js";
import { measureCreateApp, measureElysiaBuild } from "./lib/create-app-bench.js";
import { checkTools, describeEnvironment } from "./lib/environment.js";
import { WHOLE_SCALAR_PAIRS } from "./lib/goals.js";
import { measureImports } from "./lib/import-bench.js";
import { pairedRuns, twinRuns } from "./lib/pairing.js";
import { freePort } from "./lib/ports.js";
import { cpuSeconds, rssMiB } from "./lib/proc.js";
import { renderReport } from "./lib/report.js";
import type {
  CreateAppResult,
  ElysiaBuildResult,
  ImportResult,
  RunResults,
  Sample,
  TargetResult,
} from "./lib/results.js";
import { type Scenario, selectScenarios, wrkScript } from "./lib/scenarios.js";
import { benchDir, ServerProcess } from "./lib/server-process.js";
import { selectTargets, serves, type TrellisAdapter } from "./lib/targets.js";
import { verifyTarget } from "./lib/verify.js";
import { writeMarkdown } from "./lib/write-markdown.js";
import { runWrk, unexpectedResponses } from "./lib/wrk.js";
import { carrySoakSection } from "./soak/report.js";

const log = (message: string) => console.log(`[bench] ${message}`);
const isRaw = (result: TargetResult) => result.target.id === "raw";

/** The selected scenarios a target serves (the ones it is verified and timed on). */
const servedOf = (result: TargetResult, selected: readonly Scenario[]) =>
  selected.filter((scenario) => serves(result.target, scenario.id)).map((scenario) => scenario.id);

async function measureStartup(result: TargetResult, runs: number, cpu: string): Promise<void> {
  for (let i = 0; i < runs; i++) {
    const { server, startedAt } = ServerProcess.start(result.target, await freePort(), cpu);
    try {
      const answeredAt = await server.waitForFirst200();
      result.first200Ms.push(answeredAt - startedAt);
      const rss = rssMiB(server.pid);
      if (rss !== undefined) result.startupRssMiB.push(rss);
    } catch (error) {
      result.startupFailure = (error as Error).message;
      return;
    } finally {
      await server.stop();
    }
  }
}

/**
 * Writes each scenario's wrk Lua script (method, headers, body) into .results/wrk/ from the
 * scenario data, so the timed request is the one verification checks; returns the paths.
 */
function writeWrkScripts(selected: readonly Scenario[]): Map<Scenario["id"], string> {
  const dir = join(benchDir, ".results", "wrk");
  mkdirSync(dir, { recursive: true });
  const paths = new Map<Scenario["id"], string>();
  for (const scenario of selected) {
    const script = wrkScript(scenario);
    if (script === undefined) continue;
    const path = join(dir, `${scenario.id}.lua`);
    writeFileSync(path, script);
    paths.set(scenario.id, path);
  }
  return paths;
}

/** One wrk run of one scenario against one server; round -1 is an untimed warm-up. */
async function timeOne(
  result: TargetResult,
  server: ServerProcess,
  scenario: Scenario,
  script: string | undefined,
  round: number,
  pair: number | undefined,
  seconds: number,
  options: BenchOptions,
): Promise<void> {
  const cpuBefore = cpuSeconds(server.pid);
  const wrk = await runWrk({
    url: server.url + scenario.path,
    durationSeconds: seconds,
    connections: options.connections,
    cpu: options.clientCpu,
    script,
    cwd: benchDir,
  });
  const cpuAfter = cpuSeconds(server.pid);
  if (round < 0) return;
  if (cpuBefore === undefined || cpuAfter === undefined) return; // exited: caught by the caller next
  const samples = result.samples[scenario.id] ?? [];
  result.samples[scenario.id] = samples;
  samples.push({
    round,
    pair,
    requests: wrk.requests,
    requestsPerSecond: wrk.requestsPerSecond,
    cpuSeconds: cpuAfter - cpuBefore,
    non2xx: wrk.non2xx,
    socketErrors: wrk.socketErrors,
    latencyP99Ms: wrk.latencyP99Ms,
  });
  const rps = Math.round(wrk.requestsPerSecond);
  const unexpected = unexpectedResponses(wrk, scenario.status);
  const errors = unexpected > 0 ? ` (${unexpected} answered other than ${scenario.status})` : "";
  log(`round ${round + 1} ${scenario.id} ${result.target.id}: ${rps} req/s${errors}`);
}

/** Starts every target once, verifies it, warms it up, times the interleaved rounds, verifies again. */
async function loadPhase(
  results: TargetResult[],
  selected: readonly Scenario[],
  options: BenchOptions,
): Promise<void> {
  const scripts = writeWrkScripts(selected);
  const servers = new Map<TargetResult, ServerProcess>();
  const crashed = new Set<TargetResult>();
  for (const result of results) {
    const { server } = ServerProcess.start(result.target, await freePort(), options.serverCpu);
    servers.set(result, server);
    try {
      await server.waitForFirst200();
    } catch (error) {
      result.failure = `did not start: ${(error as Error).message}`;
      crashed.add(result);
      continue;
    }
    result.verifyBefore = await verifyTarget(
      server.url,
      servedOf(result, selected),
      options.strict,
    );
    if (!result.verifyBefore.ok) result.failure = "failed verification before timing";
    const failures = result.verifyBefore.failures.join("; ");
    log(`verify ${result.target.id}: ${result.verifyBefore.ok ? "ok" : failures}`);
  }
  // The targets still being timed that serve `scenario`.
  const timed = (scenario?: Scenario) =>
    results.filter(
      (result) =>
        !crashed.has(result) &&
        (result.verifyBefore?.ok || options.timeFailed) &&
        (scenario === undefined || serves(result.target, scenario.id)),
    );
  const measure = async (
    result: TargetResult,
    scenario: Scenario,
    round: number,
    pair: number | undefined,
    seconds: number,
  ) => {
    const server = servers.get(result)!;
    if (!server.alive) {
      result.failure = `server exited during the run: ${server.outputTail || "(no output)"}`;
      crashed.add(result);
      return;
    }
    const script = scripts.get(scenario.id);
    await timeOne(result, server, scenario, script, round, pair, seconds, options);
  };

  if (options.warmup > 0) {
    for (const result of timed()) {
      for (const scenario of selected) {
        if (serves(result.target, scenario.id))
          await measure(result, scenario, -1, undefined, options.warmup);
      }
    }
    log("warm-up done");
  }
  let firstPair = 0;
  const plan = (scenario: Scenario, round: number, shift: number) => {
    const runs = pairedRuns(timed(scenario), isRaw, round, shift, firstPair);
    firstPair += runs.length;
    return { scenario, runs };
  };
  // A whole-object scenario and its scalar twin are timed together, target by target.
  const twinOf = (scenario: Scenario) => {
    const id = WHOLE_SCALAR_PAIRS.find(([whole]) => whole === scenario.id)?.[1];
    return selected.find((other) => other.id === id);
  };
  const twins = new Set(selected.map(twinOf).filter((twin) => twin !== undefined));
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, scenario] of selected.entries()) {
      if (twins.has(scenario)) continue; // timed with its whole-object twin
      const twin = twinOf(scenario);
      const runs =
        twin === undefined
          ? plan(scenario, round, round + index).runs.map((run) => ({ ...run, scenario }))
          : twinRuns(
              plan(scenario, round, round + index),
              plan(twin, round, round + index),
              isRaw,
              round,
            );
      for (const run of runs)
        await measure(run.item, run.scenario, round, run.pair, options.duration);
    }
  }

  const wasTimed = new Set(timed());
  for (const result of results) {
    const server = servers.get(result)!;
    if (crashed.has(result) || !server.alive) continue;
    if (wasTimed.has(result)) result.rssAfterLoadMiB = rssMiB(server.pid);
    result.verifyAfter = await verifyTarget(server.url, servedOf(result, selected), options.strict);
    if (!result.verifyAfter.ok) result.failure ??= "failed verification after timing";
  }
  await Promise.all([...servers.values()].map((server) => server.stop()));
}

/**
 * Writes the report and its charts (SVG files in charts/ beside it); the soak (pnpm soak) owns its
 * "Soak" section, which is kept.
 */
async function writeReport(run: RunResults, out: string): Promise<void> {
  const charts = await writeCharts(run, dirname(out), log);
  const previous = existsSync(out) ? readFileSync(out, "utf8") : "";
  if (!writeMarkdown(out, carrySoakSection(previous, renderReport(run, charts))))
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
  const createApp: CreateAppResult[] = [];
  const elysiaBuild: ElysiaBuildResult[] = [];
  let imports: ImportResult[] = [];

  if (!options.skipStartup) {
    for (const result of results) {
      log(`startup: ${result.target.id} x${options.startupRuns}`);
      await measureStartup(result, options.startupRuns, options.serverCpu);
    }
    const adapters = [
      ...new Set(results.map((r) => r.target.trellisAdapter).filter((a) => a !== undefined)),
    ] as TrellisAdapter[];
    for (const adapter of adapters) {
      for (const routes of options.routeCounts) {
        log(`createApp: ${adapter} ${routes} routes x${options.startupRuns}`);
        createApp.push(
          await measureCreateApp(adapter, routes, options.startupRuns, options.serverCpu),
        );
      }
    }
    for (const routes of options.routeCounts) {
      log(`Elysia + openapi build: ${routes} routes x${options.startupRuns}`);
      elysiaBuild.push(await measureElysiaBuild(routes, options.startupRuns, options.serverCpu));
    }
    log(`imports x${options.startupRuns}`);
    imports = await measureImports(options.startupRuns, options.serverCpu);
  }

  if (!options.skipLoad) {
    await loadPhase(results, selected, options);
  }

  const run: RunResults = {
    options,
    environment,
    startedAt,
    finishedAt: new Date().toISOString(),
    targets: results,
    createApp,
    elysiaBuild,
    imports,
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
