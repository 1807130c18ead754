// createApp time of generated apps of N routes, and the build time of their Elysia twin, each
// measurement in a fresh bun process.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateControllers, generateMain } from "../startup/generate.js";
import { generateElysiaMain, generateElysiaModels } from "../startup/generate-elysia.js";
import { track } from "./children.js";
import type { CreateAppResult, ElysiaBuildResult } from "./results.js";
import { benchDir } from "./server-process.js";
import type { TrellisAdapter } from "./targets.js";

/** Generated sources live under bench/.results (git-ignored) so they resolve bench's packages. */
export const generatedDir = join(benchDir, ".results", "generated");

/** The JSON line a generated main prints (Elysia's "build" is reported as createApp). */
export interface Measurement {
  importMs: number;
  createAppMs: number;
  createAppCpuMs: number;
  /** Producing the document after the app was built (absent from mains generated before). */
  documentMs?: number;
  documentCpuMs?: number;
  operations: number;
}

/** How one measurement process runs: pinned to `cpu` (a taskset list) or on the whole machine. */
export interface CreateAppRun {
  readonly cpu?: string;
  /** Extra environment (JavaScriptCore options such as `BUN_JSC_useDFGJIT=false`). */
  readonly env?: Record<string, string>;
}

/** Runs a generated main file once in a fresh process; throws unless it exits 0 with a JSON line. */
export async function runMainOnce(
  mainFile: string,
  run: CreateAppRun,
): Promise<{ stdout: string; stderr: string }> {
  const command = [process.execPath, mainFile];
  const child = Bun.spawn(
    run.cpu === undefined ? command : ["taskset", "-c", run.cpu, ...command],
    {
      cwd: benchDir,
      env: { ...process.env, NODE_ENV: "production", ...run.env },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  track(child);
  const watchdog = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const [stdout, stderr] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(watchdog);
  const line = stdout.trim().split("\n").pop() ?? "";
  if (child.exitCode !== 0 || !line.startsWith("{")) {
    const detail = (stderr || stdout).trim().split("\n").slice(0, 6).join(" | ");
    throw new Error(`exit ${child.exitCode ?? child.signalCode}: ${detail.slice(0, 600)}`);
  }
  return { stdout, stderr };
}

/** Runs a generated main file once; its stderr comes back too (JIT reports, markers). */
export async function runCreateAppOnce(
  mainFile: string,
  run: CreateAppRun,
): Promise<Measurement & { stderr: string }> {
  const { stdout, stderr } = await runMainOnce(mainFile, run);
  const line = stdout.trim().split("\n").pop() ?? "";
  return { ...(JSON.parse(line) as Measurement), stderr };
}

/** Writes the generated app of `routes` routes for `adapter`; returns its main file. */
export function writeGeneratedApp(
  adapter: TrellisAdapter,
  routes: number,
  options: { markCreateApp?: boolean } = {},
): string {
  mkdirSync(generatedDir, { recursive: true });
  const base = `${adapter}-${routes}`;
  const controllersFile = join(generatedDir, `${base}.controllers.ts`);
  const mainFile = join(generatedDir, `${base}${options.markCreateApp ? ".marked" : ""}.main.ts`);
  writeFileSync(controllersFile, generateControllers(adapter, routes));
  writeFileSync(mainFile, generateMain(adapter, `./${base}.controllers.ts`, options));
  return mainFile;
}

/** Generates the app once, then measures it `runs` times. */
export async function measureCreateApp(
  adapter: TrellisAdapter,
  routes: number,
  runs: number,
  cpu: string,
): Promise<CreateAppResult> {
  const result: CreateAppResult = {
    adapter,
    routes,
    createAppMs: [],
    createAppCpuMs: [],
    importMs: [],
    documentMs: [],
    documentCpuMs: [],
  };
  const mainFile = writeGeneratedApp(adapter, routes);
  try {
    for (let i = 0; i < runs; i++) {
      const measurement = await runCreateAppOnce(mainFile, { cpu });
      if (measurement.operations !== routes) {
        throw new Error(`document has ${measurement.operations} operations, expected ${routes}`);
      }
      result.createAppMs.push(measurement.createAppMs);
      result.createAppCpuMs?.push(measurement.createAppCpuMs);
      result.importMs.push(measurement.importMs);
      result.documentMs?.push(measurement.documentMs ?? 0);
      result.documentCpuMs?.push(measurement.documentCpuMs ?? 0);
    }
  } catch (error) {
    result.failure = (error as Error).message;
  }
  return result;
}

/** Writes the Elysia twin of the generated app of `routes` routes; returns its main file. */
export function writeGeneratedElysiaApp(routes: number): string {
  mkdirSync(generatedDir, { recursive: true });
  const base = `elysia-${routes}`;
  writeFileSync(join(generatedDir, `${base}.models.ts`), generateElysiaModels(routes));
  const mainFile = join(generatedDir, `${base}.main.ts`);
  writeFileSync(mainFile, generateElysiaMain(routes, `./${base}.models.ts`));
  return mainFile;
}

/** Generates the Elysia twin once, then measures it `runs` times like measureCreateApp. */
export async function measureElysiaBuild(
  routes: number,
  runs: number,
  cpu: string,
): Promise<ElysiaBuildResult> {
  const result: ElysiaBuildResult = {
    routes,
    buildMs: [],
    buildCpuMs: [],
    documentMs: [],
    documentCpuMs: [],
    importMs: [],
  };
  const mainFile = writeGeneratedElysiaApp(routes);
  try {
    for (let i = 0; i < runs; i++) {
      const measurement = await runCreateAppOnce(mainFile, { cpu });
      if (measurement.operations !== routes) {
        throw new Error(`document has ${measurement.operations} operations, expected ${routes}`);
      }
      result.buildMs.push(measurement.createAppMs);
      result.buildCpuMs.push(measurement.createAppCpuMs);
      result.documentMs.push(measurement.documentMs ?? 0);
      result.documentCpuMs.push(measurement.documentCpuMs ?? 0);
      result.importMs.push(measurement.importMs);
    }
  } catch (error) {
    result.failure = (error as Error).message;
  }
  return result;
}
