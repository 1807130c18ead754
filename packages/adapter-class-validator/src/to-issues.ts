import type { IssueCode, ValidationIssue } from "@trellis/core/extend";
import type { ValidationError } from "class-validator";

// The code of core's issue for an undeclared property, which the guard reports under "reject".
const unknownPropertyCode: IssueCode = "unknown_property";

type Path = (string | number)[];

/**
 * Another wording for a property's issue: given the object, the property, its value and the
 * code class-validator reported, the code and message to report instead, or undefined.
 */
export type Reword = (
  object: object,
  property: string,
  value: unknown,
  code: string,
) => readonly [code: string, message: string] | undefined;

/**
 * class-validator's error tree as flat issues, one per failed constraint. Array positions
 * (class-validator names them "0", "1", ...) become numbers, read against the validated instance.
 * `reword`, when given, may replace the issue of a property that has exactly one.
 */
export function toIssues(
  errors: readonly ValidationError[],
  instance: unknown,
  reword?: Reword,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const walk = (list: readonly ValidationError[], path: Path, container: unknown) => {
    for (const error of list) {
      let here = path;
      let value = container;
      if (error.property !== undefined) {
        const key =
          Array.isArray(container) && /^\d+$/.test(error.property)
            ? Number(error.property)
            : error.property;
        here = [...path, key];
        value =
          container !== null && typeof container === "object"
            ? (container as Record<string | number, unknown>)[key]
            : undefined;
      }
      const constraints = Object.entries(error.constraints ?? {});
      const [only] = constraints;
      const instead =
        reword !== undefined &&
        only !== undefined &&
        constraints.length === 1 &&
        error.property !== undefined &&
        !Array.isArray(container) &&
        container !== null &&
        typeof container === "object"
          ? reword(container, error.property, value, only[0])
          : undefined;
      if (instead !== undefined) issues.push({ path: here, message: instead[1], code: instead[0] });
      else for (const [code, message] of constraints) issues.push({ path: here, message, code });
      if (error.children) walk(error.children, here, value);
    }
  };
  walk(errors, [], instance);
  return issues;
}

const startsWith = (path: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.length <= path.length && prefix.every((key, index) => path[index] === key);

// class-validator's complaints about a nested value as a whole ("an unknown value was passed",
// "nested property must be either object or array"): the guard's issue below says it better.
const vagueCodes = new Set(["unknownValue", "nestedValidation"]);

/**
 * The guard's issues plus class-validator's, without class-validator's echoes of what the guard
 * already reported (anything at or below a guard issue's path, and vague complaints above it),
 * the first `limit` of them.
 */
export function mergeIssues(
  guard: readonly ValidationIssue[],
  validator: readonly ValidationIssue[],
  limit: number,
): ValidationIssue[] {
  const merged = guard.slice(0, limit);
  for (const issue of validator) {
    if (merged.length >= limit) break;
    const echo = guard.some((reported) =>
      startsWith(issue.path, reported.path)
        ? true
        : reported.code !== unknownPropertyCode &&
          vagueCodes.has(issue.code ?? "") &&
          startsWith(reported.path, issue.path),
    );
    if (!echo) merged.push(issue);
  }
  return merged;
}
