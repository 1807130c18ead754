// A small hand-made run for the harness tests of the report, charts and startup figures.
import { parseBenchArgs } from "./args.js";
import type { RunResults, Sample, TargetResult } from "./results.js";
import { targets } from "./targets.js";

/** `rps` per round as samples, each paired with raw's run of the same round. */
export function samples(rps: number[], cpuSeconds = 5): Sample[] {
  return rps.map((value, round) => ({
    round,
    pair: round,
    requests: value * 5,
    requestsPerSecond: value,
    cpuSeconds,
    non2xx: 0,
    socketErrors: 0,
  }));
}

/** One target's results with the given samples per scenario id. */
export function targetResult(
  id: string,
  perScenario: Record<string, Sample[]>,
  extra: Partial<TargetResult> = {},
): TargetResult {
  return {
    target: targets.find((target) => target.id === id)!,
    first200Ms: [10],
    startupRssMiB: [30],
    samples: perScenario as TargetResult["samples"],
    ...extra,
  };
}

/** A run with the given targets and startup measurements (none by default). */
export function testRun(parts: Partial<RunResults> = {}): RunResults {
  return {
    options: parseBenchArgs([]),
    environment: {
      date: "2026-01-01T00:00:00.000Z",
      nproc: 2,
      cpuModel: "Test CPU",
      kernel: "6.0",
      bun: "1.4.5",
      wrk: "4.1.0",
      versions: [],
    },
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:10:00.000Z",
    targets: [],
    createApp: [],
    ...parts,
  };
}
