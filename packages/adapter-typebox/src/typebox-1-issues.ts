import type { ValidationIssue } from "@trellis/core/extend";

const pathOf = (pointer: string): (string | number)[] =>
  pointer === ""
    ? []
    : pointer
        .split("/")
        .slice(1)
        .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
        .map((token) => (/^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : token));

/** One error of TypeBox 1.x's `Errors`, as far as issues need it. */
export interface TypeBox1Error {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
  readonly message: string;
}

/**
 * TypeBox 1.x errors as Trellis issues, the first `limit`: a missing property is at its own path.
 * `prefix` is where the value the errors are about sits.
 */
export function toIssues(
  errors: readonly TypeBox1Error[],
  limit: number,
  prefix: readonly (string | number)[] = [],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (issues.length >= limit) break;
    const path = [...prefix, ...pathOf(error.instancePath)];
    const missing = error.params.requiredProperties;
    if (error.keyword === "required" && Array.isArray(missing)) {
      for (const name of missing) {
        issues.push({ path: [...path, String(name)], message: "is required", code: "required" });
      }
    } else issues.push({ path, message: error.message, code: error.keyword });
  }
  return issues.slice(0, limit);
}
