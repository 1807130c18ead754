import type { IssueCode, ValidationIssue } from "@trellis/core";
import type { $ZodIssue } from "zod/v4/core";

const unknownProperty: IssueCode = "unknown_property";

const pathOf = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === "symbol" ? String(key.description) : key));

/**
 * Zod's issues as Trellis issues, the first `limit` of them: one issue per unrecognized key, at
 * that key (one Zod issue can name 100,000 keys).
 */
export function toIssues(issues: readonly $ZodIssue[], limit: number): ValidationIssue[] {
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
