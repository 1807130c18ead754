// The judge's saved figures (instructions/results.json): one entry per target and scenario, merged
// run by run, so targets counted on different days (valgrind is slow) share one report.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { Profile } from "./instructions-profile.js";
import type { ScenarioCount } from "./instructions-windows.js";

/** One target and scenario as counted. */
export interface CountedRow extends ScenarioCount {
  /** The status every counted request got. */
  status: number;
  /** When it was counted (ISO time). */
  date: string;
  /** The commit of the code measured. */
  commit: string;
  /** Main-thread self costs of the last window, per request, top entries only. */
  profile?: Profile;
}

export interface InstructionResults {
  bun: string;
  valgrind: string;
  rows: Record<string, Record<string, CountedRow>>;
}

export function loadResults(file: string): InstructionResults {
  if (!existsSync(file)) return { bun: Bun.version, valgrind: "", rows: {} };
  return JSON.parse(readFileSync(file, "utf8")) as InstructionResults;
}

export function saveResults(file: string, results: InstructionResults): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

const TOP = 12;

/** A profile per request, cut to its top entries (the file stays small and readable). */
export function perRequest(profile: Profile, requests: number): Profile {
  const scale = (entries: Profile["objects"]) =>
    entries.slice(0, TOP).map(({ name, instructions }) => ({
      name,
      instructions: Math.round(instructions / requests),
    }));
  return {
    total: Math.round(profile.total / requests),
    objects: scale(profile.objects),
    functions: scale(profile.functions),
  };
}

/** Records (or replaces) one target and scenario. */
export function recordCount(
  results: InstructionResults,
  targetId: string,
  scenarioId: string,
  row: CountedRow,
): void {
  results.rows[targetId] ??= {};
  results.rows[targetId][scenarioId] = row;
}
