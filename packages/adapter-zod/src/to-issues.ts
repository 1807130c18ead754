import type { IssueCode, ValidationIssue } from "@trellis/core";
import type { $ZodIssue } from "zod/v4/core";

const unknownProperty: IssueCode = "unknown_property";
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

const pathOf = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === "symbol" ? String(key.description) : key));

/** Zod's issues as Trellis issues: one issue per unrecognized key, at that key. */
export function toIssues(issues: readonly $ZodIssue[]): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = pathOf(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        result.push({
          path: [...path, key],
          message: `Unknown property "${key}"`,
          code: unknownProperty,
        });
      }
    } else {
      result.push({ path, message: issue.message, code: issue.code });
    }
  }
  return result;
}
