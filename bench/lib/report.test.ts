import { describe, expect, test } from "vitest";
import { parseBenchArgs } from "./args.js";
import { renderReport } from "./report.js";
import type { RunResults, Sample, TargetResult } from "./results.js";
import { SCENARIO_IDS, type ScenarioId } from "./scenarios.js";
import { serves, targets } from "./targets.js";

const sample = (round: number, rps: number): Sample => ({
  round,
  requests: rps * 5,
  requestsPerSecond: rps,
  cpuSeconds: 5,
  non2xx: 0,
  socketErrors: 0,
});

/** A target's results: the same req/s on every scenario it serves unless `per` says otherwise. */
function target(
  id: string,
  rps: number[],
  rss: number,
  failure?: string,
  per: Partial<Record<ScenarioId, number[]>> = {},
  only: readonly ScenarioId[] = SCENARIO_IDS,
): TargetResult {
  const info = targets.find((t) => t.id === id)!;
  const served = only.filter((scenario) => serves(info, scenario));
  return {
    target: info,
    failure,
    first200Ms: [10, 12, 11],
    startupRssMiB: [30],
    rssAfterLoadMiB: rss,
    samples: Object.fromEntries(
      served.map((scenario) => [
        scenario,
        (per[scenario] ?? rps).map((value, round) => sample(round, value)),
      ]),
    ),
  };
}

function run(targetResults: TargetResult[], args: string[] = []): RunResults {
  return {
    options: parseBenchArgs(args),
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
    expect(report).toContain("| Trellis + TypeBox S5 ≥ 0.90× raw | 0.96× | pass |");
    expect(report).toContain(
      "| Trellis + TypeBox ≥ elysia on every scenario | not measured (elysia not in this run) | **FAIL** |",
    );
    // The old absolute createApp limit is gone: startup is judged against Elysia + openapi.
    expect(report).not.toContain("500 routes ≤ 25 ms");
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

  test("shows failed targets as failed, without numbers; n/a where a scenario is not served", () => {
    expect(report).toContain(
      "| bun-openapi + class-validator (failed) | – | – | – | – | – | n/a | n/a | – |",
    );
    expect(report).toContain("- bun-openapi + class-validator: S4 not served (n/a): it validates");
    expect(report).toContain("**failed**: failed verification before timing");
  });

  test("lists machine, Bun and framework versions", () => {
    expect(report).toContain("| CPU | Test CPU (nproc 2) |");
    expect(report).toContain("| Bun | 1.4.5 |");
    expect(report).toContain("| elysia | 1.4.30 |");
  });
});

describe("load goals on the efficiency ratio", () => {
  // Requests per CPU-second: raw 100/s on 5 CPU-s; the others as given, also on 5 CPU-s.
  const report = renderReport(
    run([
      target("raw", [100, 100, 100], 40),
      target("trellis-typebox", [96, 97, 90], 50, undefined, {
        S3: [80, 80, 80],
        S3s: [90, 90, 90],
        S6: [70, 70, 70],
      }),
      target("elysia", [95, 95, 95], 45, undefined, { S6: [75, 75, 75] }),
      target("trellis-class-validator", [85, 85, 85], 60, undefined, { S5: [60, 60, 60] }),
    ]),
  );

  test("each goal reads the efficiency ratio", () => {
    expect(report).toContain("| Trellis + TypeBox S3 ≥ 0.90× raw | 0.80× | **FAIL** |");
    expect(report).toContain("| Trellis + class-validator S5 ≥ 0.70× raw | 0.60× | **FAIL** |");
    expect(report).toContain("| Trellis + class-validator S2 ≥ 0.70× raw | 0.85× | pass |");
  });

  test("Trellis + TypeBox at least Elysia's ratio, scenario by scenario", () => {
    expect(report).toContain("| Trellis + TypeBox S1 ≥ Elysia (t) | 0.96× vs 0.95× | pass |");
    expect(report).toContain("| Trellis + TypeBox S6 ≥ Elysia (t) | 0.70× vs 0.75× | **FAIL** |");
  });

  test("whole-object bindings within 3% of scalar ones, for every Trellis target", () => {
    expect(report).toContain(
      "| Trellis + TypeBox S1 ≥ 0.97× S1s | 1.000 (0.96× vs 0.96× raw) | pass |",
    );
    expect(report).toContain(
      "| Trellis + TypeBox S3 ≥ 0.97× S3s | 0.889 (0.80× vs 0.90× raw) | **FAIL** |",
    );
    expect(report).toContain("| Trellis + class-validator S3 ≥ 0.97× S3s |");
    expect(report).not.toContain("| Elysia (t) S1 ≥ 0.97× S1s");
  });

  test("RSS after load within raw + 15 MiB for every target but raw, peers included", () => {
    expect(report).toContain("| Elysia (t) RSS after load ≤ raw + 15 MiB | raw + 5.0 MiB | pass |");
    expect(report).toContain(
      "| Trellis + class-validator RSS after load ≤ raw + 15 MiB | raw + 20.0 MiB | **FAIL** |",
    );
    expect(report).not.toContain("raw Bun.serve RSS after load");
  });

  test("the efficiency table has a column per scenario", () => {
    expect(report).toContain("| Target | S1 | S1s | S2 | S3 | S3s | S4 | S5 | S6 |");
    expect(report).toContain(
      "| Elysia (t) | 0.95 | 0.95 | 0.95 | 0.95 | 0.95 | 0.95 | 0.95 | 0.75 |",
    );
  });
});

describe("--scenarios and saved results", () => {
  test("only the selected scenarios get columns and goals", () => {
    const report = renderReport(
      run(
        [
          target("raw", [100], 40),
          target("trellis-typebox", [96], 50, undefined, {}, ["S1", "S4"]),
        ],
        ["--scenarios", "S1,S4"],
      ),
    );
    expect(report).toContain("| Target | S1 | S4 |");
    expect(report).toContain("| Trellis + TypeBox S4 ≥ 0.90× raw | 0.96× | pass |");
    expect(report).not.toContain("S2 ≥");
    expect(report).not.toContain("≥ 0.97× S1s");
  });

  test("results saved before S1s-S6 existed render them as n/a, without goals", () => {
    const old = run([
      target("raw", [100], 40, undefined, {}, ["S1", "S2", "S3"]),
      target("trellis-typebox", [96], 50, undefined, {}, ["S1", "S2", "S3"]),
    ]);
    delete (old.options as { scenarios?: string[] }).scenarios;
    const report = renderReport(old);
    expect(report).toContain(
      "| Trellis + TypeBox | 0.96 (≥ 0.95: pass) | n/a | 0.96 (≥ 0.90: pass) | 0.96 (≥ 0.90: pass) | n/a | n/a | n/a | n/a |",
    );
    expect(report).not.toContain("S4 ≥");
    expect(report).not.toContain("≥ 0.97× S1s");
  });
});

describe("charts", () => {
  const charts = {
    efficiency: "charts/ratio-efficiency.svg",
    throughput: "charts/ratio-throughput.svg",
  };
  const report = renderReport(
    run([target("raw", [100], 40), target("trellis-typebox", [96], 50)]),
    charts,
  );

  test("the efficiency chart sits right below the efficiency table, before the throughput one", () => {
    const efficiency = report.indexOf("(charts/ratio-efficiency.svg)");
    const throughput = report.indexOf("(charts/ratio-throughput.svg)");
    expect(efficiency).toBeGreaterThan(report.indexOf("## Efficiency relative to raw"));
    expect(efficiency).toBeLessThan(report.indexOf("## Throughput relative to raw"));
    expect(throughput).toBeGreaterThan(report.indexOf("## Throughput relative to raw"));
  });

  test("no image lines without rendered charts", () => {
    expect(renderReport(run([target("raw", [100], 40)]))).not.toContain("![");
  });
});
