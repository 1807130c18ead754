// The data one run collects; the report and the JSON file are made from it.
import type { BenchOptions } from "./args.js";
import type { Environment } from "./environment.js";
import type { ScenarioId } from "./scenarios.js";
import type { Target, TrellisAdapter } from "./targets.js";
import type { Verification } from "./verify.js";

/** One timed wrk run of one target in one round. */
export interface Sample {
  round: number;
  /**
   * The pair this run belongs to: a target run and the raw run beside it share the number, and the
   * target's ratio is taken against that raw run. Absent in results saved before runs were paired
   * (then the ratio is taken against raw's run of the same round).
   */
  pair?: number;
  requests: number;
  requestsPerSecond: number;
  /** Server user + system CPU seconds during the run. */
  cpuSeconds: number;
  non2xx: number;
  socketErrors: number;
  latencyP99Ms?: number;
}

/** Everything measured for one target. */
export interface TargetResult {
  target: Target;
  /** Why the target was not (or no longer) timed; undefined while it is fine. */
  failure?: string;
  /** Time from spawn to first 200, one per fresh process. */
  first200Ms: number[];
  /** VmRSS right after the first 200, one per fresh process. */
  startupRssMiB: number[];
  startupFailure?: string;
  verifyBefore?: Verification;
  verifyAfter?: Verification;
  rssAfterLoadMiB?: number;
  /**
   * Timed runs per scenario; a scenario is absent when the target does not serve it, the run did
   * not select it, or the results predate it (all shown as n/a).
   */
  samples: Partial<Record<ScenarioId, Sample[]>>;
}

/** createApp timings of one generated app size for one adapter. */
export interface CreateAppResult {
  adapter: TrellisAdapter;
  routes: number;
  createAppMs: number[];
  /**
   * CPU time (user + system, all threads) the process spent in createApp: on a shared machine it
   * moves less than the wall time. Absent in results saved before it was measured.
   */
  createAppCpuMs?: number[];
  /** Loading the generated controllers module (transpile + decorators), for context. */
  importMs: number[];
  /**
   * The first access of `app.document` after createApp, wall and CPU time: near zero while
   * createApp builds the document, the document's cost once it is built on first access. Absent in
   * results saved before it was measured.
   */
  documentMs?: number[];
  documentCpuMs?: number[];
  failure?: string;
}

/**
 * The generated app's Elysia twin (@elysiajs/openapi): building the app (plugin and routes) and producing its document (the first request to /openapi/json), in fresh processes.
 */
export interface ElysiaBuildResult {
  routes: number;
  buildMs: number[];
  buildCpuMs: number[];
  documentMs: number[];
  documentCpuMs: number[];
  /** Loading the generated models module, for context. */
  importMs: number[];
  failure?: string;
}

/** Import time of one set of modules (a fresh process each, median taken in the report). */
export interface ImportResult {
  /** Stable id (`trellis-typebox`, `elysia`, `class-validator`). */
  id: string;
  label: string;
  modules: string[];
  importMs: number[];
  failure?: string;
}

/** One complete run. */
export interface RunResults {
  options: BenchOptions;
  environment: Environment;
  startedAt: string;
  finishedAt: string;
  targets: TargetResult[];
  createApp: CreateAppResult[];
  /** Absent in results saved before Elysia's build was measured beside createApp. */
  elysiaBuild?: ElysiaBuildResult[];
  /** Absent in results saved before import times were measured. */
  imports?: ImportResult[];
}
