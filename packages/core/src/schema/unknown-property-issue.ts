import { unknownPropertyCode } from "./issue-codes.js";
import type { ValidationIssue } from "./schema-adapter.js";

/**
 * The issue of an undeclared property under the "reject" policy, at `path` (the property's own
 * path, its name last). The one wording every adapter reports: core applies it itself where it
 * applies the policy (`withShapeRules`) and hands it to the adapters that apply the policy with
 * their library (`CompileOptions.unknownPropertyIssue`).
 */
export const unknownPropertyIssue = (path: readonly (string | number)[]): ValidationIssue => ({
  path,
  message: `Unknown property "${String(path[path.length - 1])}"`,
  code: unknownPropertyCode,
});
