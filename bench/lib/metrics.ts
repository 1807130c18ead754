// Numbers derived from the samples: medians, ratios to the raw run beside each run, requests per CPU-second.
import type { CreateAppResult, Sample, TargetResult } from "./results.js";
import type { ScenarioId } from "./scenarios.js";
import { median } from "./stats.js";

/** Whether a target has figures for a scenario at all (else the report shows n/a). */
export const measuredScenario = (result: TargetResult, scenario: ScenarioId): boolean =>
  result.samples[scenario] !== undefined;

/** A target's runs of a scenario (none when it was not measured). */
export const samplesOf = (result: TargetResult, scenario: ScenarioId): Sample[] =>
  result.samples[scenario] ?? [];

/** Median requests per second of a target's scenario. */
export function medianRps(result: TargetResult, scenario: ScenarioId): number | undefined {
  return median(samplesOf(result, scenario).map((sample) => sample.requestsPerSecond));
}

/** Median of requests per server CPU-second (runs with no measurable CPU time are left out). */
export function medianRpsPerCpu(result: TargetResult, scenario: ScenarioId): number | undefined {
  return median(
    samplesOf(result, scenario)
      .filter((sample) => sample.cpuSeconds > 0)
      .map((sample) => sample.requests / sample.cpuSeconds),
  );
}

/** The raw run a sample is compared with: the one of its pair, else (older results) of its round. */
function baselineFinder(raw: TargetResult, scenario: ScenarioId) {
  const byPair = new Map<number, Sample>();
  const byRound = new Map<number, Sample>();
  for (const sample of samplesOf(raw, scenario)) {
    if (sample.pair === undefined) byRound.set(sample.round, sample);
    else byPair.set(sample.pair, sample);
  }
  return (sample: Sample): Sample | undefined =>
    sample.pair === undefined ? byRound.get(sample.round) : byPair.get(sample.pair);
}

/** Median of (a figure of each target run ÷ the same figure of its raw run); missing figures skipped. */
function medianRatioOf(
  result: TargetResult,
  raw: TargetResult,
  scenario: ScenarioId,
  figure: (sample: Sample) => number | undefined,
): number | undefined {
  const baselineOf = baselineFinder(raw, scenario);
  const ratios: number[] = [];
  for (const sample of samplesOf(result, scenario)) {
    const baseline = baselineOf(sample);
    const own = figure(sample);
    const base = baseline && figure(baseline);
    if (own !== undefined && base !== undefined && base > 0) ratios.push(own / base);
  }
  return median(ratios);
}

/** Median over runs of (target req/s ÷ req/s of the raw run beside it). */
export function medianRatio(
  result: TargetResult,
  raw: TargetResult,
  scenario: ScenarioId,
): number | undefined {
  return medianRatioOf(result, raw, scenario, (sample) => sample.requestsPerSecond);
}

/**
 * Median over runs of (target requests per CPU-second ÷ those of the raw run beside it): the
 * efficiency ratio, which stays meaningful when other work on the machine steals CPU time.
 */
export function medianEfficiencyRatio(
  result: TargetResult,
  raw: TargetResult,
  scenario: ScenarioId,
): number | undefined {
  return medianRatioOf(result, raw, scenario, (sample) =>
    sample.cpuSeconds > 0 ? sample.requests / sample.cpuSeconds : undefined,
  );
}

/**
 * Median over rounds of (a target's requests per CPU-second on `scenario` ÷ those on `twin` in the
 * same round): what one route shape costs against another in one process, without a raw run in
 * between (the runner times a whole-object scenario and its scalar twin back to back).
 */
export function medianTwinRatio(
  result: TargetResult,
  scenario: ScenarioId,
  twin: ScenarioId,
): number | undefined {
  const perCpu = (sample: Sample) =>
    sample.cpuSeconds > 0 ? sample.requests / sample.cpuSeconds : undefined;
  const twinByRound = new Map(samplesOf(result, twin).map((sample) => [sample.round, sample]));
  const ratios: number[] = [];
  for (const sample of samplesOf(result, scenario)) {
    const other = twinByRound.get(sample.round);
    const own = perCpu(sample);
    const base = other && perCpu(other);
    if (own !== undefined && base !== undefined) ratios.push(own / base);
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
  scenario: ScenarioId,
  durationSeconds: number,
): number | undefined {
  return median(samplesOf(result, scenario).map((sample) => sample.cpuSeconds / durationSeconds));
}
