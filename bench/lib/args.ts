// Command-line options of run.ts (`pnpm bench -- --rounds 7`).
import { parseArgs } from "node:util";
import { selectScenarios } from "./scenarios.js";

/** Everything the runner can be told. */
export interface BenchOptions {
  /** Measurement rounds; medians are taken over them. */
  rounds: number;
  /** Seconds per wrk run. */
  duration: number;
  /** wrk connections. */
  connections: number;
  /** Seconds of warm-up per target and scenario, untimed. */
  warmup: number;
  /** Fresh spawns per target for time-to-first-200 and per adapter and size for createApp. */
  startupRuns: number;
  /** Route counts of the generated apps whose createApp time is measured. */
  routeCounts: number[];
  /** Target ids to run (raw is always added); all when empty. */
  targets: string[];
  /**
   * Scenario ids to verify and time (`--scenarios S1,S4`); all when empty. Absent in results
   * saved before scenarios could be selected (they cover S1-S3).
   */
  scenarios?: string[];
  /** Edge-case inputs (`limit=1e1`, `page=0x10`) fail verification instead of being noted. */
  strict: boolean;
  /** Time targets that failed verification too (their rows stay marked failed). */
  timeFailed: boolean;
  /** Skip time-to-first-200 and createApp measurements. */
  skipStartup: boolean;
  /** Skip the load rounds (startup only). */
  skipLoad: boolean;
  /** CPU list for the servers (`taskset -c`). */
  serverCpu: string;
  /** CPU list for wrk. */
  clientCpu: string;
  /** Where the Markdown report goes. */
  out: string;
  /** Re-render the report from a saved run (`.results/run-*.json`) instead of measuring. */
  fromJson?: string;
}

const USAGE = `Usage: bun run.ts [options]
  --rounds N          measurement rounds (default 5)
  --duration S        seconds per wrk run (default 5)
  --connections N     wrk connections (default 64)
  --warmup S          untimed warm-up seconds per target and scenario (default 2)
  --startup-runs N    fresh processes per startup measurement (default 5)
  --routes A,B        generated app sizes for createApp timing (default 100,250,500,1000)
  --targets a,b       only these targets (raw is always included)
  --scenarios A,B     only these scenarios (default all: S1,S1s,S2,S3,S3s,S4,S5,S6)
  --strict            edge-case inputs fail verification instead of being noted
  --time-failed       time targets that failed verification anyway (still reported as failed)
  --skip-startup      no startup measurements
  --skip-load         no load rounds
  --server-cpu L      taskset CPU list for servers (default 0)
  --client-cpu L      taskset CPU list for wrk (default 1)
  --out FILE          report path (default RESULTS.md)
  --from-json FILE    only re-render the report from a saved .results/run-*.json`;

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Parses argv (without the executable and script), or throws with the usage text. */
export function parseBenchArgs(argv: string[]): BenchOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv.filter((arg) => arg !== "--"),
      options: {
        rounds: { type: "string" },
        duration: { type: "string" },
        connections: { type: "string" },
        warmup: { type: "string" },
        "startup-runs": { type: "string" },
        routes: { type: "string" },
        targets: { type: "string" },
        scenarios: { type: "string" },
        strict: { type: "boolean" },
        "time-failed": { type: "boolean" },
        "skip-startup": { type: "boolean" },
        "skip-load": { type: "boolean" },
        "server-cpu": { type: "string" },
        "client-cpu": { type: "string" },
        out: { type: "string" },
        "from-json": { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) throw new Error(USAGE);
  const str = (key: string) => values[key] as string | undefined;
  const warmupRaw = str("warmup");
  const warmup = warmupRaw === undefined ? 2 : Number(warmupRaw);
  if (!Number.isInteger(warmup) || warmup < 0) throw new Error("--warmup must be an integer >= 0");
  const routeCounts = list(str("routes")).map((n) => positive("routes", n, 0));
  return {
    rounds: positive("rounds", str("rounds"), 5),
    duration: positive("duration", str("duration"), 5),
    connections: positive("connections", str("connections"), 64),
    warmup,
    startupRuns: positive("startup-runs", str("startup-runs"), 5),
    routeCounts: routeCounts.length > 0 ? routeCounts : [100, 250, 500, 1000],
    targets: list(str("targets")),
    scenarios: selectScenarios(list(str("scenarios"))).map((scenario) => scenario.id),
    strict: values.strict === true,
    timeFailed: values["time-failed"] === true,
    skipStartup: values["skip-startup"] === true,
    skipLoad: values["skip-load"] === true,
    serverCpu: str("server-cpu") ?? "0",
    clientCpu: str("client-cpu") ?? "1",
    out: str("out") ?? "RESULTS.md",
    fromJson: str("from-json"),
  };
}
