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
