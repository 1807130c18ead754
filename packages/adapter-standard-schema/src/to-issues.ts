import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationIssue } from "@trellis/core/extend";

type Segment = PropertyKey | StandardSchemaV1.PathSegment;

const keyOf = (segment: Segment): string | number => {
  const key = typeof segment === "object" ? segment.key : segment;
  return typeof key === "symbol" ? String(key.description) : key;
};

// Libraries add their own code beside the standard's message and path (Zod `code`, ArkType
// `code`, Valibot `type`); passed on when it is a string, as the other adapters pass theirs.
const codeOf = (issue: StandardSchemaV1.Issue): string | undefined => {
  const own = issue as { code?: unknown; type?: unknown };
  if (typeof own.code === "string") return own.code;
  return typeof own.type === "string" ? own.type : undefined;
};

/** A Standard Schema library's issues as Trellis issues, the first `limit` of them. */
export function toIssues(
  issues: readonly StandardSchemaV1.Issue[],
  limit: number,
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    if (result.length >= limit) break;
    const code = codeOf(issue);
    result.push({
      // A plain array: a library's path may be an Array subclass whose `map` builds its result
      // through its own constructor (ArkType's turned an empty path into `[0]`).
      path: issue.path === undefined ? [] : Array.from(issue.path, keyOf),
      message: issue.message,
      ...(code === undefined ? {} : { code }),
    });
  }
  return result;
}
