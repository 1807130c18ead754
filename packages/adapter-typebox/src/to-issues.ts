import { Kind } from "@sinclair/typebox";
import type { ValueError } from "@sinclair/typebox/compiler";
import { ValueErrorType } from "@sinclair/typebox/errors";
import type { ValidationIssue } from "@trellis/core/extend";
import { fileKind, fileProblem } from "./file-type.js";

/** A JSON Pointer from TypeBox as a path; segments that index an array in `input` become numbers. */
export function pointerToPath(pointer: string, input: unknown): (string | number)[] {
  if (pointer === "") return [];
  const path: (string | number)[] = [];
  let current = input;
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    const key =
      Array.isArray(current) && /^(?:0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment;
    path.push(key);
    current =
      current !== null && typeof current === "object"
        ? (current as Record<string | number, unknown>)[key]
        : undefined;
  }
  return path;
}

/**
 * TypeBox's value errors as Trellis issues, the first `limit` of them. `Errors()` is a lazy
 * iterator: nothing past the limit is computed (150,000 bad array items cost 100 errors).
 */
export function toIssues(
  errors: Iterable<ValueError>,
  input: unknown,
  limit: number,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (limit <= 0) return issues;
  for (const error of errors) {
    issues.push(issueAt(error, pointerToPath(error.path, input)));
    if (issues.length >= limit) break;
  }
  return issues;
}

/** One TypeBox value error as a Trellis issue at `path`. */
export function issueAt(error: ValueError, path: (string | number)[]): ValidationIssue {
  // A FileType's registered check says only "expected kind": say what is wrong with the file.
  const message =
    error.schema[Kind] === fileKind
      ? (fileProblem(error.schema, error.value) ?? error.message)
      : error.message;
  return { path, message, code: ValueErrorType[error.type] };
}
