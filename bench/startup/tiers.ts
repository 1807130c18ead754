// Where createApp's startup time goes: the generated app at several sizes, each in fresh processes,
// on one pinned core and on the whole machine, with JavaScriptCore's optimizing tier (DFG) or every
// JIT tier switched off as a diagnosis. Writes bench/STARTUP.md. Not part of `pnpm bench`.
//
//   bun startup/tiers.ts [--adapter typebox] [--runs 7] [--cpu 0] [--routes 5,50,100,500,1000]
import { join } from "node:path";
import { parseArgs } from "node:util";
import { installCleanup } from "../lib/children.js";
import { runCreateAppOnce, writeGeneratedApp } from "../lib/create-app-bench.js";
import { describeEnvironment } from "../lib/environment.js";
import { fixed, table } from "../lib/markdown.js";
import { benchDir } from "../lib/server-process.js";
import { median } from "../lib/stats.js";
import type { TrellisAdapter } from "../lib/targets.js";
import { writeMarkdown } from "../lib/write-markdown.js";

interface Setting {
  readonly label: string;
  readonly pinned: boolean;
  readonly env?: Record<string, string>;
}

const settings: Setting[] = [
  { label: "one core, all tiers (as `pnpm bench`)", pinned: true },
  { label: "one core, DFG off", pinned: true, env: { BUN_JSC_useDFGJIT: "false" } },
  { label: "one core, no JIT", pinned: true, env: { BUN_JSC_useJIT: "false" } },
  { label: "whole machine, all tiers", pinned: false },
];

/** DFG compilations JavaScriptCore reports between the createApp markers, and their time. */
export function dfgWithinCreateApp(stderr: string): { count: number; ms: number } {
  let inside = false;
  let count = 0;
  let ms = 0;
  for (const line of stderr.split("\n")) {
    if (line === "createApp:start") inside = true;
    else if (line === "createApp:end") inside = false;
    else if (inside && line.startsWith("Optimized ")) {
      count++;
      ms += Number(/ in ([0-9.]+) ms/.exec(line)?.[1] ?? 0);
    }
  }
  return { count, ms };
}

async function main() {
  const { values } = parseArgs({
    options: {
      adapter: { type: "string", default: "typebox" },
      runs: { type: "string", default: "7" },
      cpu: { type: "string", default: "0" },
      routes: { type: "string", default: "5,50,100,500,1000" },
    },
  });
  const adapter = values.adapter as TrellisAdapter;
  const runs = Number(values.runs);
  const counts = values.routes.split(",").map(Number);
  const rows: string[][] = [];
  for (const routes of counts) {
    const mainFile = writeGeneratedApp(adapter, routes);
    const cells: string[] = [];
    for (const setting of settings) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const run = setting.pinned ? { cpu: values.cpu, env: setting.env } : { env: setting.env };
        // createApp and the first document access: the whole startup work, wherever the
        // document is built.
        const measurement = await runCreateAppOnce(mainFile, run);
        times.push(measurement.createAppMs + (measurement.documentMs ?? 0));
      }
      cells.push(fixed(median(times), 1));
      console.log(`${routes} routes, ${setting.label}: ${cells.at(-1)} ms`);
    }
    rows.push([String(routes), ...cells]);
  }

  const marked = writeGeneratedApp(adapter, 500, { markCreateApp: true });
  const jit: { count: number; ms: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const { stderr } = await runCreateAppOnce(marked, {
      cpu: values.cpu,
      env: { BUN_JSC_reportDFGCompileTimes: "true" },
    });
    jit.push(dfgWithinCreateApp(stderr));
  }
  const jitCount = median(jit.map((entry) => entry.count));
  const jitMs = median(jit.map((entry) => entry.ms));

  const environment = describeEnvironment();
  const report = [
    "# createApp startup: where the time goes",
    "",
    `Written by \`bun startup/tiers.ts\` on ${environment.date} (${environment.cpuModel}, ${environment.nproc} cores, Bun ${environment.bun}). The generated ${adapter} app of \`pnpm bench\` (5 routes per controller), createApp plus the first access of its OpenAPI document, each figure the median of ${runs} fresh processes, in ms.`,
    "",
    '- "One core" pins the process with `taskset -c ' +
      values.cpu +
      '`, as `pnpm bench` does; "whole machine" leaves it unpinned.',
    "- JavaScriptCore runs code in its interpreter first, then a baseline JIT, then the optimizing DFG and FTL tiers; optimizing compilations run on background threads. `BUN_JSC_useDFGJIT=false` and `BUN_JSC_useJIT=false` switch tiers off. They are diagnoses, not settings Trellis uses.",
    "",
    table(["routes", ...settings.map((setting) => setting.label)], rows),
    "",
    `DFG compilations that JavaScriptCore reported while createApp ran (500 routes, one core, median of ${runs}): ${jitCount} functions, ${fixed(jitMs, 1)} ms of reported compile time.`,
    "",
  ].join("\n");
  const out = join(benchDir, "STARTUP.md");
  writeMarkdown(out, report);
  console.log(`wrote ${out}`);
}

if (import.meta.main) {
  installCleanup();
  await main();
}
