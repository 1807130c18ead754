// Medians and ratios of the startup measurements: createApp beside Elysia's build, import times.
import { CLASS_VALIDATOR_IMPORT, ELYSIA_IMPORT } from "./import-bench.js";
import type { CreateAppResult, ElysiaBuildResult, ImportResult, RunResults } from "./results.js";
import { median } from "./stats.js";
import type { TrellisAdapter } from "./targets.js";

/** Per-run sums of two series of the same runs (the second may be absent: zeros). */
function sums(first: readonly number[], second: readonly number[] | undefined): number[] {
  return first.map((value, i) => value + (second?.[i] ?? 0));
}

/** Median createApp time, and median of createApp + first document access (per run, then median). */
export function trellisStartup(entry: CreateAppResult | undefined): {
  createApp?: number;
  withDocument?: number;
} {
  if (!entry || entry.failure) return {};
  return {
    createApp: median(entry.createAppMs),
    withDocument: median(sums(entry.createAppMs, entry.documentMs)),
  };
}

/** Median Elysia build time, and median of build + document. */
export function elysiaStartup(entry: ElysiaBuildResult | undefined): {
  build?: number;
  withDocument?: number;
} {
  if (!entry || entry.failure) return {};
  return {
    build: median(entry.buildMs),
    withDocument: median(sums(entry.buildMs, entry.documentMs)),
  };
}

/** The createApp measurement of one adapter and size. */
export function createAppAt(
  run: RunResults,
  adapter: TrellisAdapter,
  routes: number,
): CreateAppResult | undefined {
  return run.createApp.find((entry) => entry.adapter === adapter && entry.routes === routes);
}

/** The Elysia measurement of one size. */
export function elysiaAt(run: RunResults, routes: number): ElysiaBuildResult | undefined {
  return run.elysiaBuild?.find((entry) => entry.routes === routes);
}

/** Trellis ÷ Elysia at one size: createApp ÷ build, and createApp + document ÷ build + document. */
export function startupRatios(
  run: RunResults,
  adapter: TrellisAdapter,
  routes: number,
): { createApp?: number; withDocument?: number; goal?: number } {
  const trellis = trellisStartup(createAppAt(run, adapter, routes));
  const elysia = elysiaStartup(elysiaAt(run, routes));
  const ratio = (a?: number, b?: number) => (a !== undefined && b ? a / b : undefined);
  return {
    createApp: ratio(trellis.createApp, elysia.build),
    withDocument: ratio(trellis.withDocument, elysia.withDocument),
    // The goal: createApp (which checks the document and builds it on first use) against
    // Elysia building the same routes and its document.
    goal: ratio(trellis.createApp, elysia.withDocument),
  };
}

/** Median import time of one import set in the run. */
export function medianImport(run: RunResults, id: string): number | undefined {
  const entry = run.imports?.find((result) => result.id === id);
  return entry && !entry.failure ? median(entry.importMs) : undefined;
}

/**
 * A set's import time ÷ Elysia's. For the class-validator set, class-validator's own import (the
 * "class-validator alone" set) is taken off first, as the issue reports it separately.
 */
export function importRatio(run: RunResults, entry: ImportResult): number | undefined {
  const elysia = medianImport(run, ELYSIA_IMPORT);
  let own = medianImport(run, entry.id);
  if (own === undefined || !elysia) return undefined;
  if (entry.modules.includes("@trellis/adapter-class-validator")) {
    const library = medianImport(run, CLASS_VALIDATOR_IMPORT);
    if (library === undefined) return undefined;
    own = Math.max(0, own - library);
  }
  return own / elysia;
}
