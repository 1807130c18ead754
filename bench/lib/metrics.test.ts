import { describe, expect, test } from "vitest";
import {
  medianEfficiencyRatio,
  medianRatio,
  medianRps,
  medianRpsPerCpu,
  medianTwinRatio,
} from "./metrics.js";
import type { Sample, TargetResult } from "./results.js";

function result(id: string, s1: [round: number, rps: number, cpu: number][]): TargetResult {
  const samples: Sample[] = s1.map(([round, rps, cpu]) => ({
    round,
    requests: rps * 5,
    requestsPerSecond: rps,
    cpuSeconds: cpu,
    non2xx: 0,
    socketErrors: 0,
  }));
  return {
    target: { id, label: id },
    first200Ms: [],
    startupRssMiB: [],
    samples: { S1: samples, S2: [], S3: [] },
  };
}

describe("metrics", () => {
  const raw = result("raw", [
    [0, 100, 5],
    [1, 50, 5],
    [2, 80, 5],
  ]);
  const other = result("other", [
    [0, 90, 5],
    [1, 48, 5],
    [2, 60, 0],
  ]);

  test("ratios are taken within a round, then the median", () => {
    // Rounds: 0.9, 0.96, 0.75 -> median 0.9 (a median of medians would give 60/80 = 0.75).
    expect(medianRatio(other, raw, "S1")).toBeCloseTo(0.9, 10);
  });

  test("a scenario against its twin: per-CPU figures of one target, round by round", () => {
    const twin = result("twin", [
      [0, 100, 5],
      [1, 80, 5],
      [2, 50, 2],
    ]);
    const both = { ...twin, samples: { ...twin.samples, S1s: other.samples.S1 } };
    // Rounds: 100/90 = 1.11, 80/48 = 1.67; round 2's twin used no CPU, so it is left out.
    expect(medianTwinRatio(both, "S1", "S1s")).toBeCloseTo((100 / 90 + 80 / 48) / 2, 10);
    expect(medianTwinRatio(both, "S2", "S1s")).toBeUndefined();
  });

  test("paired runs are compared with the raw run of their pair, not of their round", () => {
    const sample = (round: number, pair: number, rps: number, cpu = 5): Sample => ({
      round,
      pair,
      requests: rps * 5,
      requestsPerSecond: rps,
      cpuSeconds: cpu,
      non2xx: 0,
      socketErrors: 0,
    });
    const pairedRaw = {
      ...raw,
      samples: { S1: [sample(0, 0, 100), sample(0, 1, 50)], S2: [], S3: [] },
    };
    const a = { ...other, samples: { S1: [sample(0, 0, 90)], S2: [], S3: [] } };
    const b = { ...other, samples: { S1: [sample(0, 1, 45, 2.5)], S2: [], S3: [] } };
    expect(medianRatio(a, pairedRaw, "S1")).toBeCloseTo(0.9, 10);
    expect(medianRatio(b, pairedRaw, "S1")).toBeCloseTo(0.9, 10);
    // b: (225 / 2.5) / (250 / 5) = 1.8 requests per CPU-second relative to its own raw run.
    expect(medianEfficiencyRatio(b, pairedRaw, "S1")).toBeCloseTo(1.8, 10);
  });

  test("median rps and requests per CPU-second (runs without CPU time left out)", () => {
    expect(medianRps(other, "S1")).toBe(60);
    expect(medianRpsPerCpu(other, "S1")).toBeCloseTo((90 * 5 + 48 * 5) / 2 / 5, 10);
  });

  test("no samples, no figure", () => {
    expect(medianRps(other, "S2")).toBeUndefined();
    expect(medianRatio(other, raw, "S3")).toBeUndefined();
  });
});

describe("medianEfficiencyRatio", () => {
  test("per-round ratio of requests per CPU-second, rounds without CPU time left out", () => {
    const raw = result("raw", [
      [0, 100, 5],
      [1, 100, 2],
    ]);
    const other = result("other", [
      [0, 50, 5],
      [1, 90, 0],
    ]);
    // Round 0: (250/5) / (500/5) = 0.5; round 1 has no CPU time for "other".
    expect(medianEfficiencyRatio(other, raw, "S1")).toBeCloseTo(0.5, 10);
  });
});
