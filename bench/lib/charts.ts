// Charts of a run, as Vega-Lite specs rendered to SVG headlessly (no canvas, no browser): ratios to
// raw per scenario and target (requests per server CPU-second first: the goals are judged on it;
// req/s for context), createApp against Elysia + @elysiajs/openapi by route count, import
// times. Everything comes from the run's data, so new scenarios and targets appear by themselves.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { efficiencyGoal } from "./goals.js";
import { medianEfficiencyRatio, medianRatio } from "./metrics.js";
import type { RunResults, TargetResult } from "./results.js";
import { type ScenarioId, scenariosOfRun } from "./scenarios.js";
import { elysiaStartup, medianImport, trellisStartup } from "./startup-metrics.js";

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";

/** Shared look: full labels (no truncation), white background for dark-mode viewers. */
const CONFIG = {
  background: "white",
  axis: { labelLimit: 0 },
  legend: { labelLimit: 0 },
} as const;

/** Which paired ratio a ratio chart shows. */
export type RatioMetric = "throughput" | "efficiency";

/**
 * Scenario ids with samples in this run: the run's scenarios in report order, then any other id the
 * targets hold samples for (results of a later issue's scenarios). A scenario no target measured
 * (n/a everywhere) is left out.
 */
export function scenarioIdsIn(run: RunResults): string[] {
  const ids: string[] = scenariosOfRun(run.options).map((scenario) => scenario.id);
  for (const result of run.targets) {
    for (const id of Object.keys(result.samples)) if (!ids.includes(id)) ids.push(id);
  }
  const measured = (id: string) =>
    run.targets.some((result) => (result.samples[id as ScenarioId]?.length ?? 0) > 0);
  return ids.filter(measured);
}

/** One bar of a ratio chart. */
export interface RatioDatum {
  scenario: string;
  target: string;
  ratio: number;
  /** The minimum efficiency ratio for this target and scenario, when it sets one. */
  goal?: number;
}

/** The bars of a ratio chart: every target but raw, every scenario with a measured ratio. */
export function ratioData(run: RunResults, metric: RatioMetric): RatioDatum[] {
  const raw = run.targets.find((result) => result.target.id === "raw" && !result.failure);
  if (!raw) return [];
  const ratioOf = metric === "throughput" ? medianRatio : medianEfficiencyRatio;
  const data: RatioDatum[] = [];
  for (const scenario of scenarioIdsIn(run)) {
    for (const result of run.targets) {
      if (result === raw || result.failure) continue;
      const id = scenario as ScenarioId;
      // A target or raw without samples for the scenario (unsupported, or added later) has no bar.
      if (!result.samples[id]?.length || !raw.samples[id]?.length) continue;
      const ratio = ratioOf(result, raw, id);
      if (ratio === undefined) continue;
      // The goals are judged on the efficiency ratio; the throughput chart shows them for reference.
      const goal = efficiencyGoal(result.target.id, id);
      data.push({ scenario, target: result.target.label, ratio, ...(goal ? { goal } : {}) });
    }
  }
  return data;
}

/** Grouped bars: one group per scenario, one bar per target, the goal as a tick, raw as a rule at 1. */
export function ratioChartSpec(run: RunResults, metric: RatioMetric): TopLevelSpec | undefined {
  const data = ratioData(run, metric);
  if (data.length === 0) return undefined;
  const scenarios = [...new Set(data.map((datum) => datum.scenario))];
  const targets = run.targets
    .map((result: TargetResult) => result.target.label)
    .filter((label) => data.some((datum) => datum.target === label));
  const x = {
    field: "scenario",
    type: "nominal",
    sort: scenarios,
    title: null,
    axis: { labelAngle: 0 },
  } as const;
  const xOffset = { field: "target", sort: targets } as const;
  const title = {
    text:
      metric === "throughput"
        ? "Throughput relative to raw Bun.serve"
        : "Requests per server CPU-second relative to raw Bun.serve",
    subtitle:
      metric === "throughput"
        ? "median of paired ratios; black tick: the goal (judged on the CPU-second ratio); dashed line: raw"
        : "median of paired ratios; black tick: goal; dashed line: raw",
  };
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title,
    width: Math.max(400, scenarios.length * (targets.length * 9 + 16)),
    height: 260,
    data: { values: data },
    layer: [
      {
        mark: { type: "bar" },
        encoding: {
          x,
          xOffset,
          y: { field: "ratio", type: "quantitative", title: "ratio to raw" },
          color: {
            field: "target",
            type: "nominal",
            sort: targets,
            scale: { scheme: "tableau20" },
            legend: { orient: "bottom", columns: 3, title: null },
          },
          tooltip: [
            { field: "target" },
            { field: "scenario" },
            { field: "ratio", format: ".2f" },
            { field: "goal" },
          ],
        },
      },
      {
        transform: [{ filter: "isValid(datum.goal)" }],
        mark: { type: "tick", color: "black", thickness: 2 },
        encoding: { x, xOffset, y: { field: "goal", type: "quantitative" } },
      },
      {
        // One datum of its own, so the rule is drawn once rather than once per bar.
        data: { values: [{}] },
        mark: { type: "rule", strokeDash: [4, 4], color: "#555" },
        encoding: { y: { datum: 1 } },
      },
    ],
  };
}

/** One point of the startup chart. */
export interface StartupDatum {
  series: string;
  measure: "with document" | "without document";
  routes: number;
  ms: number;
}

/** createApp (and + document) per adapter and size, Elysia's build (and + document) per size. */
export function startupData(run: RunResults): StartupDatum[] {
  const data: StartupDatum[] = [];
  const push = (series: string, routes: number, without?: number, withDocument?: number) => {
    if (without !== undefined)
      data.push({ series, measure: "without document", routes, ms: without });
    if (withDocument !== undefined)
      data.push({ series, measure: "with document", routes, ms: withDocument });
  };
  for (const entry of run.createApp) {
    const { createApp, withDocument } = trellisStartup(entry);
    push(`Trellis + ${entry.adapter}`, entry.routes, createApp, withDocument);
  }
  for (const entry of run.elysiaBuild ?? []) {
    const { build, withDocument } = elysiaStartup(entry);
    push("Elysia + @elysiajs/openapi", entry.routes, build, withDocument);
  }
  return data.sort((a, b) => a.routes - b.routes);
}

/** Lines of startup time against route count: solid with the document, dashed without. */
export function startupChartSpec(run: RunResults): TopLevelSpec | undefined {
  const data = startupData(run);
  if (data.length === 0) return undefined;
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: {
      text: "Startup of the generated app by route count (median of fresh processes, one core)",
      subtitle:
        "solid: with the OpenAPI document; dashed: without (createApp alone, Elysia's build alone)",
    },
    width: 520,
    height: 300,
    data: { values: data },
    mark: { type: "line", point: true },
    encoding: {
      x: {
        field: "routes",
        type: "quantitative",
        title: "routes",
        axis: { values: [...new Set(data.map((datum) => datum.routes))] },
      },
      y: { field: "ms", type: "quantitative", title: "ms (createApp / Elysia build)" },
      color: { field: "series", type: "nominal", legend: { orient: "right", title: null } },
      strokeDash: {
        field: "measure",
        type: "nominal",
        sort: ["with document", "without document"],
        legend: null,
      },
      detail: [{ field: "series" }, { field: "measure" }],
      tooltip: [
        { field: "series" },
        { field: "measure" },
        { field: "routes" },
        { field: "ms", format: ".1f" },
      ],
    },
  };
}

/** Horizontal bars of the median import time of every measured set. */
export function importChartSpec(run: RunResults): TopLevelSpec | undefined {
  const data = (run.imports ?? [])
    .map((entry) => ({ set: entry.label, ms: medianImport(run, entry.id) }))
    .filter((datum): datum is { set: string; ms: number } => datum.ms !== undefined);
  if (data.length === 0) return undefined;
  return {
    $schema: SCHEMA,
    config: CONFIG,
    title: "Import time (median of fresh processes, one core)",
    width: 420,
    height: { step: 22 },
    data: { values: data },
    mark: { type: "bar" },
    encoding: {
      y: { field: "set", type: "nominal", sort: data.map((datum) => datum.set), title: null },
      x: { field: "ms", type: "quantitative", title: "ms" },
      color: {
        condition: { test: "indexof(datum.set, 'elysia') === 0", value: "#e45756" },
        value: "#4c78a8",
      },
      tooltip: [{ field: "set" }, { field: "ms", format: ".1f" }],
    },
  };
}

/** Renders a Vega-Lite spec to SVG text, headlessly. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The chart files a report embeds, as paths relative to the report. */
export interface ChartLinks {
  efficiency?: string;
  throughput?: string;
  startup?: string;
  imports?: string;
}

/**
 * Renders every chart the run has data for into `<reportDir>/charts/`; returns the links for the
 * report. A chart that fails to render is left out (the tables carry the same figures).
 */
export async function writeCharts(
  run: RunResults,
  reportDir: string,
  log: (message: string) => void = () => {},
): Promise<ChartLinks> {
  const specs: [keyof ChartLinks, string, TopLevelSpec | undefined][] = [
    ["efficiency", "ratio-efficiency.svg", ratioChartSpec(run, "efficiency")],
    ["throughput", "ratio-throughput.svg", ratioChartSpec(run, "throughput")],
    ["startup", "startup-routes.svg", startupChartSpec(run)],
    ["imports", "import-time.svg", importChartSpec(run)],
  ];
  const links: ChartLinks = {};
  const dir = join(reportDir, "charts");
  for (const [key, file, spec] of specs) {
    if (!spec) continue;
    try {
      const svg = await renderSvg(spec);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, file), svg.endsWith("\n") ? svg : `${svg}\n`);
      links[key] = `charts/${file}`;
    } catch (error) {
      log(`chart ${file} not rendered: ${(error as Error).message}`);
    }
  }
  return links;
}
