// Numbers derived from the samples: medians, per-round ratios to raw, requests per CPU-second.
import type { CreateAppResult, Sample, TargetResult } from "./results.js";
import type { Scenario } from "./scenarios.js";
import { median } from "./stats.js";

/** Median requests per second of a target's scenario. */
export function medianRps(result: TargetResult, scenario: Scenario["id"]): number | undefined {
  return median(result.samples[scenario].map((sample) => sample.requestsPerSecond));
}

/** Median of requests per server CPU-second (runs with no measurable CPU time are left out). */
export function medianRpsPerCpu(
  result: TargetResult,
  scenario: Scenario["id"],
): number | undefined {
  return median(
    result.samples[scenario]
      .filter((sample) => sample.cpuSeconds > 0)
      .map((sample) => sample.requests / sample.cpuSeconds),
  );
}

/** Median over rounds of (target rps / raw rps in the same round). */
export function medianRatio(
  result: TargetResult,
  raw: TargetResult,
  scenario: Scenario["id"],
): number | undefined {
  const rawByRound = new Map<number, Sample>(raw.samples[scenario].map((s) => [s.round, s]));
  const ratios: number[] = [];
  for (const sample of result.samples[scenario]) {
    const base = rawByRound.get(sample.round);
    if (base && base.requestsPerSecond > 0) {
      ratios.push(sample.requestsPerSecond / base.requestsPerSecond);
    }
  }
  return median(ratios);
}

/**
 * Median over rounds of (target requests per CPU-second / raw's in the same round): the
 * efficiency ratio, which stays meaningful when other work on the machine steals CPU time.
 */
export function medianEfficiencyRatio(
  result: TargetResult,
  raw: TargetResult,
  scenario: Scenario["id"],
): number | undefined {
  const perCpu = (sample: Sample) =>
    sample.cpuSeconds > 0 ? sample.requests / sample.cpuSeconds : undefined;
  const rawByRound = new Map(raw.samples[scenario].map((s) => [s.round, perCpu(s)]));
  const ratios: number[] = [];
  for (const sample of result.samples[scenario]) {
    const base = rawByRound.get(sample.round);
    const own = perCpu(sample);
    if (base !== undefined && own !== undefined) ratios.push(own / base);
  }
  return median(ratios);
}

/** Median createApp milliseconds. */
export function medianCreateApp(result: CreateAppResult | undefined): number | undefined {
  return result ? median(result.createAppMs) : undefined;
}

/** Median share of one core the server used during its runs (below ~0.9: the machine was contended or the client was the bottleneck). */
export function medianCpuShare(
  result: TargetResult,
  scenario: Scenario["id"],
  durationSeconds: number,
): number | undefined {
  return median(result.samples[scenario].map((sample) => sample.cpuSeconds / durationSeconds));
}
