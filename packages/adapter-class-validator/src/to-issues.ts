import type { IssueCode, ValidationIssue } from "@trellis/core";
import type { ValidationError } from "class-validator";

/** The issue code for an undeclared property (the same in every Trellis adapter). */
export const unknownPropertyCode: IssueCode = "unknown_property";
const validationException: IssueCode = "validation_exception";

/**
 * What a validator answers when user code throws, the issue core makes of a throw for every
 * adapter; kept here for callers that compile without core (the shared conformance suite).
 */
export const exceptionIssue: ValidationIssue = {
  path: [],
  message: "Input could not be validated",
  code: validationException,
};

type Path = (string | number)[];

/**
 * class-validator's error tree as flat issues, one per failed constraint. Array positions
 * (class-validator names them "0", "1", ...) become numbers, read against the validated instance.
 */
export function toIssues(errors: readonly ValidationError[], instance: unknown): ValidationIssue[] {
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
      for (const [code, message] of Object.entries(error.constraints ?? {}))
        issues.push({ path: here, message, code });
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
 * already reported: anything at or below a guard issue's path, and vague complaints above it.
 */
export function mergeIssues(
  guard: readonly ValidationIssue[],
  validator: readonly ValidationIssue[],
): ValidationIssue[] {
  const kept = validator.filter((issue) =>
    guard.every((reported) =>
      startsWith(issue.path, reported.path)
        ? false
        : reported.code === unknownPropertyCode ||
          !vagueCodes.has(issue.code ?? "") ||
          !startsWith(reported.path, issue.path),
    ),
  );
  return [...guard, ...kept];
}
