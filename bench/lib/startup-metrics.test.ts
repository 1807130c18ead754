import { describe, expect, test } from "vitest";
import type { ImportResult } from "./results.js";
import { createAppGoalRows, importGoalRows, rssGoalRows } from "./startup-goal-rows.js";
import { importRatio, startupRatios, trellisStartup } from "./startup-metrics.js";
import { targetResult, testRun } from "./test-run.js";

const run = testRun({
  createApp: [
    // createApp alone, then the first document access, per run: medians of the sums
    {
      adapter: "typebox",
      routes: 500,
      createAppMs: [20, 30, 25],
      importMs: [],
      documentMs: [20, 5, 15],
    },
    {
      adapter: "typebox",
      routes: 1000,
      createAppMs: [80, 85, 90],
      importMs: [],
      documentMs: [0, 0, 0],
    },
  ],
  elysiaBuild: [
    {
      routes: 500,
      buildMs: [10, 10, 10],
      buildCpuMs: [],
      documentMs: [30, 30, 30],
      documentCpuMs: [],
      importMs: [],
    },
  ],
  imports: [
    { id: "elysia", label: "elysia", modules: ["elysia"], importMs: [20, 20, 20] },
    {
      id: "trellis-typebox",
      label: "core + adapter-typebox",
      modules: ["@trellis/core", "@trellis/adapter-typebox"],
      importMs: [18, 19, 30],
    },
    {
      id: "trellis-class-validator",
      label: "core + adapter-class-validator",
      modules: ["@trellis/core", "@trellis/adapter-class-validator"],
      importMs: [60, 60, 60],
    },
    {
      id: "class-validator",
      label: "class-validator alone",
      modules: ["class-validator"],
      importMs: [45],
    },
  ],
});

describe("startup figures", () => {
  test("createApp and createApp + document are medians over runs", () => {
    // sums 40, 35, 40 -> median 40
    expect(trellisStartup(run.createApp[0])).toEqual({ createApp: 25, withDocument: 40 });
  });

  test("Trellis ÷ Elysia: the goal's createApp ÷ build + document, and the two like-for-like ratios", () => {
    expect(startupRatios(run, "typebox", 500)).toEqual({
      createApp: 2.5,
      withDocument: 1,
      goal: 0.625,
    });
    expect(startupRatios(run, "zod", 500)).toEqual({
      createApp: undefined,
      withDocument: undefined,
      goal: undefined,
    });
  });

  test("import ratio to Elysia, class-validator's own import taken off its adapter's", () => {
    const imports = run.imports as ImportResult[];
    expect(importRatio(run, imports[1]!)).toBeCloseTo(0.95);
    expect(importRatio(run, imports[2]!)).toBeCloseTo(0.75); // (60 - 45) / 20
  });
});

describe("startup goal rows", () => {
  test("TypeBox at 500 routes against Elysia + openapi, and 1000 vs 500 for every adapter", () => {
    const rows = createAppGoalRows(run, ["typebox", "zod"]);
    expect(rows[0]).toEqual({
      goal: "createApp typebox 500 routes ≤ 1.00× Elysia + openapi building the routes and document",
      measured:
        "0.63× (createApp + first document ÷ build + document 1.00×; createApp ÷ build alone 2.50×)",
      ok: true,
    });
    expect(rows[1]).toEqual({
      goal: "createApp + document typebox 1000 routes ≤ 2.2× 500 routes",
      measured: "2.13×",
      ok: true,
    });
    expect(rows[2]).toEqual({
      goal: "createApp + document zod 1000 routes ≤ 2.2× 500 routes",
      measured: "not measured",
      ok: false,
    });
  });

  test("one import row per Trellis core + adapter set", () => {
    const rows = importGoalRows(run);
    expect(rows.map((row) => [row.measured, row.ok])).toEqual([
      ["0.95×", true],
      ["0.75×", true],
    ]);
    expect(rows[1]!.goal).toContain("class-validator's own import taken off");
  });

  test("RSS after load within raw + 15 MiB for every target but raw", () => {
    const withTargets = testRun({
      targets: [
        targetResult("raw", {}, { rssAfterLoadMiB: 40 }),
        targetResult("elysia", {}, { rssAfterLoadMiB: 56 }),
        targetResult("trellis-zod", {}, { rssAfterLoadMiB: 50 }),
      ],
    });
    expect(rssGoalRows(withTargets, withTargets.targets[0])).toEqual([
      { goal: "Elysia (t) RSS after load ≤ raw + 15 MiB", measured: "raw + 16.0 MiB", ok: false },
      { goal: "Trellis + Zod RSS after load ≤ raw + 15 MiB", measured: "raw + 10.0 MiB", ok: true },
    ]);
  });
});
