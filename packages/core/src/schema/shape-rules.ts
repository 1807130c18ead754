import { withoutPaths, withPathsFrom } from "./edit-paths.js";
import type { InputPath, ShapeFindings, ShapeWalk } from "./input-shape-check.js";
import type {
  MaybeAsyncValidator,
  UnknownPropertyPolicy,
  ValidationIssue,
  ValidationResult,
} from "./schema-adapter.js";
import { unknownPropertyIssue } from "./unknown-property-issue.js";

/** The code of an integer beyond ±(2^53 - 1) found by core (JSON parsing may have rounded it). */
export const unsafeIntegerCode = "unsafe_integer";

const notObjectIssue = (path: InputPath): ValidationIssue => ({
  path,
  message: "must be an object",
  code: "invalid_type",
});

const unsafeIssue = (path: InputPath): ValidationIssue => ({
  path,
  message: "must be a safe integer (between -9007199254740991 and 9007199254740991)",
  code: unsafeIntegerCode,
});

/**
 * The validator of an adapter whose library cannot apply core's rules, with them applied from
 * the schema's JSON Schema (`walk`, compiled once): integers beyond ±(2^53 - 1) and arrays where
 * only an object is allowed are issues, and
 * undeclared properties are removed from the value ("strip"), reported ("reject") or put back
 * where the library dropped them ("keep"). The input is walked, never changed.
 */
export function withShapeRules(
  validator: MaybeAsyncValidator,
  walk: ShapeWalk,
  policy: UnknownPropertyPolicy,
  maxIssues: number,
): MaybeAsyncValidator {
  // One record of findings and one path stack per validator, emptied around each walk (which is
  // synchronous and runs no user code): a clean input allocates nothing here.
  const findings: ShapeFindings = {
    undeclared: undefined,
    unsafeIntegers: undefined,
    arraysForObjects: undefined,
  };
  const stack: (string | number)[] = [];
  const empty = () => {
    findings.undeclared = findings.unsafeIntegers = findings.arraysForObjects = undefined;
    stack.length = 0;
  };
  const finish = (input: unknown, result: ValidationResult): ValidationResult => {
    empty(); // also after a walk that threw (a getter of a response value)
    walk(input, stack, findings);
    const { undeclared, unsafeIntegers, arraysForObjects } = findings;
    empty();
    if (
      undeclared === undefined &&
      unsafeIntegers === undefined &&
      arraysForObjects === undefined
    ) {
      return result;
    }
    const extra: ValidationIssue[] = arraysForObjects?.map(notObjectIssue) ?? [];
    if (unsafeIntegers) for (const path of unsafeIntegers) extra.push(unsafeIssue(path));
    if (policy === "reject" && undeclared)
      for (const path of undeclared) extra.push(unknownPropertyIssue(path));
    if (!result.ok || extra.length > 0) {
      const issues = result.ok ? extra : [...result.issues, ...extra];
      return { ok: false, issues: issues.slice(0, maxIssues) };
    }
    if (undeclared === undefined || policy === "reject") return result;
    const value =
      policy === "strip"
        ? withoutPaths(result.value, undeclared)
        : withPathsFrom(result.value, input, undeclared);
    return { ok: true, value };
  };
  return (input) => {
    const result = validator(input);
    return result instanceof Promise
      ? result.then((settled) => finish(input, settled))
      : finish(input, result);
  };
}
