import type { CompileOptions, ValidationIssue } from "@trellis/core/extend";
import type { $ZodIssue } from "zod/v4/core";

const pathOf = (path: readonly PropertyKey[]) =>
  path.map((key) => (typeof key === "symbol" ? String(key.description) : key));

/**
 * Zod's issues as Trellis issues, the first `limit` of them: one issue per unrecognized key, at
 * that key, in core's words (one Zod issue can name 100,000 keys).
 */
export function toIssues(
  issues: readonly $ZodIssue[],
  limit: number,
  unknownPropertyIssue: CompileOptions["unknownPropertyIssue"],
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    if (result.length >= limit) break;
    const path = pathOf(issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        if (result.length >= limit) break;
        result.push(unknownPropertyIssue([...path, key]));
      }
    } else {
      result.push({ path, message: issue.message, code: issue.code });
    }
  }
  return result;
}
