import type { ValidationIssue } from "@trellis/core";
import type { $ZodIssue } from "zod/v4/core";

/** The issue reported when user code (a refinement, a transform) throws: nothing of it leaks. */
export const exceptionIssue: ValidationIssue = {
  path: [],
  message: "Input could not be validated",
  code: "validation_exception",
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
          code: "unknown_property",
        });
      }
    } else {
      result.push({ path, message: issue.message, code: issue.code });
    }
  }
  return result;
}
