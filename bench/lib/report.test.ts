import { describe, expect, test } from "bun:test";
import { parseBenchArgs } from "./args.js";
import { renderReport } from "./report.js";
import type { RunResults, Sample, TargetResult } from "./results.js";
import { targets } from "./targets.js";

const sample = (round: number, rps: number): Sample => ({
  round,
  requests: rps * 5,
  requestsPerSecond: rps,
  cpuSeconds: 5,
  non2xx: 0,
  socketErrors: 0,
});

function target(id: string, rps: number[], rss: number, failure?: string): TargetResult {
  const samples = rps.map((value, round) => sample(round, value));
  return {
    target: targets.find((t) => t.id === id)!,
    failure,
    first200Ms: [10, 12, 11],
    startupRssMiB: [30],
    rssAfterLoadMiB: rss,
    samples: { S1: samples, S2: samples, S3: samples },
  };
}

function run(targetResults: TargetResult[]): RunResults {
  return {
    options: parseBenchArgs([]),
    environment: {
      date: "2026-01-01T00:00:00.000Z",
      nproc: 2,
      cpuModel: "Test CPU",
      kernel: "6.0",
      bun: "1.4.5",
      wrk: "4.1.0",
      versions: [{ name: "elysia", version: "1.4.30" }],
    },
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:10:00.000Z",
    targets: targetResults,
    createApp: [
      {
        adapter: "typebox",
        routes: 500,
        createAppMs: [20, 22, 21],
        createAppCpuMs: [18, 19, 30],
        importMs: [40],
      },
      { adapter: "typebox", routes: 1000, createAppMs: [50, 50, 50], importMs: [80] },
    ],
  };
}

describe("renderReport", () => {
  const report = renderReport(
    run([
      target("raw", [100, 100, 100], 40),
      target("trellis-typebox", [96, 97, 90], 55),
      target("bun-openapi-class-validator", [], 70, "failed verification before timing"),
    ]),
  );

  test("marks each goal pass or fail from the median per-round ratio", () => {
    expect(report).toContain("| Trellis + TypeBox S1 ≥ 0.95× raw | 0.96× | pass |");
    // 50 / 21 = 2.38 > 2.2
    expect(report).toContain(
      "| createApp + document typebox 1000 routes ≤ 2.2× 500 routes | 2.38× | **FAIL** |",
    );
    expect(report).toContain(
      "| Trellis + TypeBox RSS after load ≤ raw + 15 MiB | raw + 15.0 MiB | pass |",
    );
  });

  test("shows createApp's CPU time beside its wall time, a dash where it was not measured", () => {
    expect(report).toContain("| Trellis + typebox | 21.0 / 21.0 | 50.0 / 50.0 | 2.38× |");
    expect(report).toContain("| Trellis + typebox | 19.0 | – | 40.0 | 80.0 |");
  });

  test("shows failed targets as failed, without numbers", () => {
    expect(report).toContain("| bun-openapi + class-validator (failed) | – | – | – |");
    expect(report).toContain("**failed**: failed verification before timing");
  });

  test("lists machine, Bun and framework versions", () => {
    expect(report).toContain("| CPU | Test CPU (nproc 2) |");
    expect(report).toContain("| Bun | 1.4.5 |");
    expect(report).toContain("| elysia | 1.4.30 |");
  });
});
