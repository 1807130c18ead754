// `pnpm bench:instructions`: the deterministic judge. Each target runs under valgrind's callgrind;
// a load generator outside valgrind sends exactly N requests per window over one keep-alive
// connection; per request = the main thread's counted instructions / N. Results are merged into
// instructions/results.json and rendered into RESULTS.md and INSTRUCTIONS.md. Method: INSTRUCTIONS.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { installCleanup } from "./lib/children.js";
import { CallgrindServer } from "./lib/instructions-callgrind.js";
import { LoadConnection, requestBytes } from "./lib/instructions-load.js";
import { parseProfile } from "./lib/instructions-profile.js";
import { servedInJudge, writeInstructionReports } from "./lib/instructions-report.js";
import { loadResults, perRequest, recordCount, saveResults } from "./lib/instructions-results.js";
import { judgeScenarios } from "./lib/instructions-scenarios.js";
import { countScenario, planFor, type WindowPlan } from "./lib/instructions-windows.js";
import { benchDir } from "./lib/server-process.js";
import { targets as allTargets, selectTargets } from "./lib/targets.js";

const DEFAULT_RESULTS = join(benchDir, "instructions", "results.json");

const log = (message: string) => console.log(`[instructions] ${message}`);

const USAGE = `Usage: bun instructions.ts [options]
  --targets a,b      targets to count (default: all but bun-openapi; raw is not added)
  --scenarios A,B    scenarios (default S1,S1s,S2,S3,S3s,S4,S5,S6,X)
  --warmup N         untimed requests per scenario before the first window (default 30000;
                     S5, 25x the instructions of S1, 6000)
  --window N         requests per counted window (default 10000; S5 2000)
  --max-windows N    windows before giving up on agreement (default 8)
  --results FILE     the results file to merge into (default instructions/results.json; another
                     file is not rendered into RESULTS.md unless with --report-only)
  --port N           first port to try (default 21000 + pid % 9000: parallel runs do not collide)
  --report-only      only re-render RESULTS.md and INSTRUCTIONS.md from instructions/results.json`;

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      targets: { type: "string" },
      scenarios: { type: "string" },
      warmup: { type: "string" },
      window: { type: "string" },
      "max-windows": { type: "string" },
      results: { type: "string" },
      port: { type: "string" },
      "report-only": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const list = (raw: string | undefined) => (raw ?? "").split(",").filter((id) => id !== "");
  const number = (raw: string | undefined) => (raw === undefined ? undefined : Number(raw));
  const override: Partial<WindowPlan> = {
    warmup: number(values.warmup),
    window: number(values.window),
    maxWindows: number(values["max-windows"]),
  };
  const targetIds = list(values.targets);
  const targets =
    targetIds.length > 0
      ? selectTargets(targetIds).filter((target) => targetIds.includes(target.id))
      : allTargets.filter((target) => !target.id.startsWith("bun-openapi"));
  return {
    override,
    resultsFile: values.results ?? DEFAULT_RESULTS,
    port: number(values.port) ?? 21_000 + (process.pid % 9_000),
    targets,
    scenarios: judgeScenarios(list(values.scenarios)),
    reportOnly: values["report-only"] === true,
  };
}

async function main(): Promise<void> {
  const { override, resultsFile, targets, scenarios, reportOnly, ...rest } = options(
    process.argv.slice(2),
  );
  let port = rest.port;
  const results = loadResults(resultsFile);
  if (!reportOnly) {
    installCleanup();
    results.valgrind = execFileSync("valgrind", ["--version"], { encoding: "utf8" }).trim();
    results.bun = Bun.version;
    const commit = gitCommit();
    const outDir = join(benchDir, ".results", "callgrind");
    mkdirSync(outDir, { recursive: true });
    for (const target of targets) {
      port += 1;
      log(`${target.id}: starting under callgrind on port ${port}`);
      const server = new CallgrindServer(target, port, outDir);
      try {
        await server.waitReady();
        const connection = await LoadConnection.open("127.0.0.1", port);
        for (const scenario of scenarios) {
          // The same rule the report uses to write n/a.
          if (!servedInJudge(target.id, scenario.id)) continue;
          const request = requestBytes(scenario, `127.0.0.1:${port}`);
          const plan = planFor(scenario.id, override);
          log(`${target.id} ${scenario.id}: ${plan.warmup} warm-up requests`);
          let status = scenario.status;
          const count = await countScenario(plan, {
            send: async (n) => {
              status = await connection.send(request, n, status);
            },
            zero: () => server.zero(),
            dump: () => server.dump(),
            log: (message) => log(`${target.id} ${scenario.id}: ${message}`),
          });
          const mainFile = server.dumpFiles(server.dumps).find((file) => file.endsWith("-01"));
          const profile =
            mainFile === undefined
              ? undefined
              : perRequest(parseProfile(readFileSync(mainFile, "utf8")), plan.window);
          const date = new Date().toISOString();
          // Re-read before writing: parallel runs (other targets) merge into the same file.
          const latest = loadResults(resultsFile);
          latest.valgrind = results.valgrind;
          latest.bun = results.bun;
          recordCount(latest, target.id, scenario.id, { ...count, status, date, commit, profile });
          saveResults(resultsFile, latest);
          log(`${target.id} ${scenario.id}: ${count.main.toFixed(0)} per request (main thread)`);
        }
        connection.close();
      } catch (error) {
        // Say whether the server died (and what it printed) or only the connection failed.
        const state = server.alive
          ? "still running"
          : `exited: ${server.outputTail || "(no output)"}`;
        log(`${target.id}: failed, the server ${state}`);
        throw error;
      } finally {
        await server.stop();
      }
    }
  }
  // A count into another file (a smoke check) leaves the committed reports alone.
  if (!reportOnly && resultsFile !== DEFAULT_RESULTS) {
    log(`counted into ${resultsFile}; RESULTS.md and INSTRUCTIONS.md not re-rendered`);
    return;
  }
  await writeInstructionReports(loadResults(resultsFile), benchDir);
  log("wrote RESULTS.md (instructions section) and INSTRUCTIONS.md");
}

/** The commit measured: the tree's HEAD, or the snapshot's recorded commit (see INSTRUCTIONS.md). */
function gitCommit(): string {
  try {
    return readFileSync(join(benchDir, "..", ".snapshot-commit"), "utf8").trim();
  } catch {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: benchDir, encoding: "utf8" }).trim();
  }
}

await main();
