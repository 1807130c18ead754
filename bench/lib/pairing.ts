// The order of one round's runs: every target beside a raw run of its own.
import { rotate } from "./stats.js";

/** One planned wrk run; a target run and its raw run share `pair` (undefined: no raw to pair). */
export interface PlannedRun<T> {
  readonly item: T;
  readonly pair: number | undefined;
}

/**
 * The runs of one scenario in one round. Each non-baseline item (in rotated order) is run right
 * next to a baseline run of its own, so its ratio compares two runs seconds apart rather than
 * runs up to a whole round apart: on a shared machine the speed moves within a round. The
 * baseline runs first in even rounds and second in odd ones, so neither side is always first.
 * Pairs are numbered from `firstPair` up.
 */
export function pairedRuns<T>(
  items: readonly T[],
  isBaseline: (item: T) => boolean,
  round: number,
  shift: number,
  firstPair: number,
): PlannedRun<T>[] {
  const baseline = items.find(isBaseline);
  const others = rotate(
    items.filter((item) => item !== baseline),
    shift,
  );
  if (baseline === undefined || others.length === 0) {
    return rotate(items, shift).map((item) => ({ item, pair: undefined }));
  }
  return others.flatMap((item, index) => {
    const pair = firstPair + index;
    const runs = [
      { item: baseline, pair },
      { item, pair },
    ];
    return round % 2 === 0 ? runs : runs.reverse();
  });
}

/** A planned run and the scenario it is a run of. */
export interface ScenarioRun<T, S> extends PlannedRun<T> {
  readonly scenario: S;
}

/** Splits planned runs into a target's run with its raw run (or one unpaired run), in order. */
function chunks<T>(runs: readonly PlannedRun<T>[]): PlannedRun<T>[][] {
  const out: PlannedRun<T>[][] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last !== undefined && run.pair !== undefined && last[0]?.pair === run.pair) last.push(run);
    else out.push([run]);
  }
  return out;
}

/**
 * The runs of a whole-object scenario and its scalar twin in one round (each planned by
 * `pairedRuns`), merged target by target so that a target's two runs come back to back, each
 * still beside a raw run of its own: raw, whole, scalar, raw in even rounds, and raw, scalar,
 * whole, raw in odd ones. "Whole vs scalar" then compares two runs of one process seconds apart,
 * with nothing between them. A target that serves only one of the two keeps its plain pair.
 */
export function twinRuns<T, S>(
  whole: { scenario: S; runs: readonly PlannedRun<T>[] },
  scalar: { scenario: S; runs: readonly PlannedRun<T>[] },
  isBaseline: (item: T) => boolean,
  round: number,
): ScenarioRun<T, S>[] {
  const targetOf = (chunk: PlannedRun<T>[]) =>
    chunk.find((run) => !isBaseline(run.item))?.item ?? chunk[0]?.item;
  // One pair's runs, raw first (target last) or target first (raw last).
  const tag = (chunk: PlannedRun<T>[], scenario: S, targetLast: boolean) => {
    const raw = chunk.filter((run) => isBaseline(run.item));
    const own = chunk.filter((run) => !isBaseline(run.item));
    return (targetLast ? [...raw, ...own] : [...own, ...raw]).map((run) => ({ ...run, scenario }));
  };
  const scalarChunks = chunks(scalar.runs);
  const out: ScenarioRun<T, S>[] = [];
  for (const chunk of chunks(whole.runs)) {
    const target = targetOf(chunk);
    const index = scalarChunks.findIndex((twin) => targetOf(twin) === target);
    if (index === -1) {
      out.push(...chunk.map((run) => ({ ...run, scenario: whole.scenario })));
      continue;
    }
    const [twin] = scalarChunks.splice(index, 1) as [PlannedRun<T>[]];
    const [first, second] =
      round % 2 === 0
        ? [
            { chunk, scenario: whole.scenario },
            { chunk: twin, scenario: scalar.scenario },
          ]
        : [
            { chunk: twin, scenario: scalar.scenario },
            { chunk, scenario: whole.scenario },
          ];
    out.push(
      ...tag(first.chunk, first.scenario, true),
      ...tag(second.chunk, second.scenario, false),
    );
  }
  for (const chunk of scalarChunks) {
    out.push(...chunk.map((run) => ({ ...run, scenario: scalar.scenario })));
  }
  return out;
}
