/** A path into an input: property names and array indexes. */
export type Path = readonly (string | number)[];

/** One input of the shared corpus, with the decision every adapter (and its JSON Schema) must make. */
export interface CorpusCase {
  /** What the input probes, for test names. */
  readonly label: string;
  /**
   * The input as JSON text (or `undefined` for a missing value), parsed afresh for every use so
   * no adapter sees another's leftovers, and so `__proto__` is an own key as `JSON.parse` makes it.
   */
  readonly json: string | undefined;
  /** The decision under the default policy (unknown properties stripped). */
  readonly valid: boolean;
  /** For rejected input: some issue's path must start with this one (libraries differ in depth). */
  readonly issueAt?: Path;
  /**
   * For valid input with undeclared properties: their paths. Under "strip" they are gone from the
   * returned value, under "reject" the input is rejected with an issue at one of them, under
   * "keep" they stay.
   */
  readonly unknown?: readonly Path[];
}

/** Keys that libraries may drop even when asked to keep unknown properties (prototype safety). */
export const prototypeKeys: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

/** Parses a case's input afresh. */
export function inputOf(testCase: CorpusCase): unknown {
  return testCase.json === undefined ? undefined : JSON.parse(testCase.json);
}

/** A copy of `value` without the properties at `paths` (what "strip" must return). */
export function withoutPaths(value: unknown, paths: readonly Path[]): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  for (const path of paths) {
    let parent = copy as Record<string | number, unknown> | undefined;
    for (const key of path.slice(0, -1)) parent = parent?.[key] as typeof parent;
    const last = path[path.length - 1];
    if (parent && last !== undefined) delete parent[last];
  }
  return copy;
}

/** Shorthand for a valid case. */
export function accept(label: string, json: string, unknown?: readonly Path[]): CorpusCase {
  return unknown ? { label, json, valid: true, unknown } : { label, json, valid: true };
}

/** Shorthand for a rejected case. */
export function reject(label: string, json: string | undefined, issueAt?: Path): CorpusCase {
  return issueAt ? { label, json, valid: false, issueAt } : { label, json, valid: false };
}
