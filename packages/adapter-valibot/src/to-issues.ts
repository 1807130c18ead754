import type { CompileOptions, ValidationIssue } from "@trellis/core/extend";
import type { BaseIssue } from "valibot";

const keyOf = (key: unknown): string | number =>
  typeof key === "number" || typeof key === "string" ? key : String(key);

/**
 * Valibot's issues as Trellis issues, the first `limit` of them, with clearer words for missing
 * keys and core's for unknown ones.
 */
export function toIssues(
  issues: readonly BaseIssue<unknown>[],
  limit: number,
  unknownPropertyIssue: CompileOptions["unknownPropertyIssue"],
): ValidationIssue[] {
  return issues.slice(0, limit).map((issue) => {
    const items = issue.path ?? [];
    const path = items.map((item) => keyOf(item.key));
    const last = items[items.length - 1] as { origin?: string } | undefined;
    if (issue.kind === "schema" && last?.origin === "key") {
      // A strict object's undeclared key, or a declared key the input lacks.
      if (issue.expected === "never") return unknownPropertyIssue(path);
      if (issue.input === undefined)
        return { path, message: "Required property is missing", code: issue.type };
    }
    return { path, message: issue.message, code: issue.type };
  });
}
