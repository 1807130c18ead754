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

/** How many issues a validator reports at most when core does not say (core's own cap). */
export const defaultMaxIssues = 100;

/**
 * Zod's issues as Trellis issues, the first `limit` of them: one issue per unrecognized key, at
 * that key (one Zod issue can name 100,000 keys).
 */
export function toIssues(
  issues: readonly $ZodIssue[],
  limit = defaultMaxIssues,
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    if (result.length >= limit) break;
    const path = pathOf(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        if (result.length >= limit) break;
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
