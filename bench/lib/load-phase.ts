// The load phase of `pnpm bench`: every target started once, verified, warmed up, timed with wrk
// in interleaved rounds (a whole-object scenario beside its scalar twin), verified again.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchOptions } from "./args.js";
import { WHOLE_SCALAR_PAIRS } from "./goals.js";
import { pairedRuns, twinRuns } from "./pairing.js";
import { freePort } from "./ports.js";
import { cpuSeconds, rssMiB } from "./proc.js";
import type { TargetResult } from "./results.js";
import { type Scenario, wrkScript } from "./scenarios.js";
import { benchDir, ServerProcess } from "./server-process.js";
import { serves } from "./targets.js";
import { verifyTarget } from "./verify.js";
import { runWrk, unexpectedResponses } from "./wrk.js";

type Log = (message: string) => void;

const isRaw = (result: TargetResult) => result.target.id === "raw";

/** The selected scenarios a target serves (the ones it is verified and timed on). */
const servedOf = (result: TargetResult, selected: readonly Scenario[]) =>
  selected.filter((scenario) => serves(result.target, scenario.id)).map((scenario) => scenario.id);

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
  log: Log,
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
export async function loadPhase(
  results: TargetResult[],
  selected: readonly Scenario[],
  options: BenchOptions,
  log: Log,
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
    await timeOne(result, server, scenario, script, round, pair, seconds, options, log);
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
