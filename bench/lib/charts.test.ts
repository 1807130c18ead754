import { describe, expect, test } from "vitest";
import {
  importChartSpec,
  ratioChartSpec,
  ratioData,
  renderSvg,
  scenarioIdsIn,
  startupChartSpec,
  startupData,
} from "./charts.js";
import { samples, targetResult, testRun } from "./test-run.js";

// Scenario ids come from the data: S4 and a later "SSE1" appear without any list to update.
const run = testRun({
  targets: [
    targetResult("raw", { S1: samples([100, 100]), S4: samples([200, 200]), SSE1: [] }),
    targetResult("trellis-typebox", { S1: samples([96, 94]), S4: samples([180, 180]) }),
    targetResult("elysia", { S1: samples([90, 90]), S4: [], SSE1: samples([5, 5]) }),
    targetResult("hono-zod", { S1: samples([80, 80]) }, { failure: "did not start" }),
  ],
  createApp: [
    {
      adapter: "typebox",
      routes: 100,
      createAppMs: [10, 12, 11],
      importMs: [5],
      documentMs: [4, 4, 4],
    },
    { adapter: "typebox", routes: 500, createAppMs: [50], importMs: [5] },
  ],
  elysiaBuild: [
    {
      routes: 100,
      buildMs: [3],
      buildCpuMs: [3],
      documentMs: [9],
      documentCpuMs: [9],
      importMs: [2],
    },
  ],
  imports: [
    { id: "elysia", label: "elysia", modules: ["elysia"], importMs: [20, 22, 21] },
    { id: "x", label: "broken", modules: ["x"], importMs: [], failure: "exit 1" },
  ],
});

describe("scenarioIdsIn", () => {
  test("lists every scenario some target has samples for, in the order they appear", () => {
    expect(scenarioIdsIn(run)).toEqual(["S1", "S4", "SSE1"]);
  });
});

describe("ratioData", () => {
  test("one bar per measured target and scenario, raw and failed targets left out", () => {
    const data = ratioData(run, "throughput");
    expect(data).toContainEqual({
      scenario: "S1",
      target: "Trellis + TypeBox",
      ratio: 0.95,
      goal: 0.95,
    });
    // The goal drawn is the efficiency goal (S4 has one, on the CPU-second ratio only).
    expect(data).toContainEqual({
      scenario: "S4",
      target: "Trellis + TypeBox",
      ratio: 0.9,
      goal: 0.9,
    });
    expect(data).toContainEqual({ scenario: "S1", target: "Elysia (t)", ratio: 0.9 });
    expect(data.some((datum) => datum.target === "raw Bun.serve")).toBe(false);
    expect(data.some((datum) => datum.target === "Hono + zod-validator")).toBe(false);
    // raw has no SSE1 samples, so no ratio there
    expect(data.some((datum) => datum.scenario === "SSE1")).toBe(false);
  });

  test("nothing without a raw target", () => {
    expect(ratioData(testRun(), "efficiency")).toEqual([]);
    expect(ratioChartSpec(testRun(), "efficiency")).toBeUndefined();
  });
});

describe("scenarios of a full run", () => {
  // Samples recorded in another order than the report's; bun-openapi does not serve S4 and S5.
  const ids = ["S6", "S5", "S4", "S3s", "S3", "S2", "S1s", "S1"];
  const all = (rps: number) => Object.fromEntries(ids.map((id) => [id, samples([rps])]));
  const full = testRun({
    targets: [
      targetResult("raw", all(100)),
      targetResult("trellis-typebox", all(96)),
      targetResult(
        "bun-openapi-typebox",
        Object.fromEntries(
          ids.filter((id) => id !== "S4" && id !== "S5").map((id) => [id, samples([80])]),
        ),
      ),
    ],
  });

  test("all eight scenarios in report order, an n/a scenario without a bar", () => {
    expect(scenarioIdsIn(full)).toEqual(["S1", "S1s", "S2", "S3", "S3s", "S4", "S5", "S6"]);
    const data = ratioData(full, "efficiency");
    const bars = (target: string) =>
      data.filter((datum) => datum.target === target).map((datum) => datum.scenario);
    expect(bars("Trellis + TypeBox")).toEqual(scenarioIdsIn(full));
    expect(bars("bun-openapi + TypeBox")).toEqual(["S1", "S1s", "S2", "S3", "S3s", "S6"]);
    expect(data.find((d) => d.scenario === "S6" && d.target === "Trellis + TypeBox")?.goal).toBe(
      0.9,
    );
  });

  test("a run limited by --scenarios charts only its selection", () => {
    const some = { ...full, options: { ...full.options, scenarios: ["S1", "S5"] } };
    const raw = targetResult("raw", { S1: samples([100]), S5: samples([100]) });
    const typebox = targetResult("trellis-typebox", { S1: samples([96]), S5: samples([90]) });
    expect(scenarioIdsIn({ ...some, targets: [raw, typebox] })).toEqual(["S1", "S5"]);
  });
});

describe("ratioChartSpec", () => {
  test("groups bars by scenario in the data's order, with goal ticks and a rule at 1", () => {
    const spec = ratioChartSpec(run, "efficiency") as any;
    expect(spec.title.text).toContain("CPU-second");
    const [bars, ticks, rule] = spec.layer;
    expect(bars.mark.type).toBe("bar");
    expect(bars.encoding.x.sort).toEqual(["S1", "S4"]);
    expect(bars.encoding.xOffset.sort).toEqual(["Trellis + TypeBox", "Elysia (t)"]);
    expect(ticks.mark.type).toBe("tick");
    expect(ticks.encoding.y.field).toBe("goal");
    expect(rule.encoding.y).toEqual({ datum: 1 });
    expect(rule.data).toEqual({ values: [{}] }); // drawn once, not once per bar
  });
});

describe("startupData and startupChartSpec", () => {
  test("Trellis createApp and Elysia build, each with and without the document, by size", () => {
    expect(startupData(run)).toEqual([
      { series: "Trellis + typebox", measure: "without document", routes: 100, ms: 11 },
      { series: "Trellis + typebox", measure: "with document", routes: 100, ms: 15 },
      { series: "Elysia + @elysiajs/openapi", measure: "without document", routes: 100, ms: 3 },
      { series: "Elysia + @elysiajs/openapi", measure: "with document", routes: 100, ms: 12 },
      { series: "Trellis + typebox", measure: "without document", routes: 500, ms: 50 },
      { series: "Trellis + typebox", measure: "with document", routes: 500, ms: 50 },
    ]);
    const spec = startupChartSpec(run) as any;
    expect(spec.encoding.x.axis.values).toEqual([100, 500]);
    expect(spec.encoding.strokeDash.field).toBe("measure");
    expect(startupChartSpec(testRun())).toBeUndefined();
  });
});

describe("importChartSpec", () => {
  test("one bar per measured set, failed sets left out", () => {
    const spec = importChartSpec(run) as any;
    expect(spec.data.values).toEqual([{ set: "elysia", ms: 21 }]);
    expect(importChartSpec(testRun())).toBeUndefined();
  });
});

describe("renderSvg", () => {
  test("renders a spec to SVG text without a browser or canvas", async () => {
    const svg = await renderSvg(ratioChartSpec(run, "throughput")!);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("S4");
    expect(svg).toContain("Trellis + TypeBox");
  });
});
