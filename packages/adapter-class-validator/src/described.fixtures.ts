import type { ValidationResult } from "@trellis/core/extend";

/**
 * A value as plain data that names the class of every object in it, keys in their order: two
 * answers compare equal only when they built the same instances, not merely the same JSON.
 */
export function described(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(described);
  if (typeof value !== "object" || value === null) return value;
  const fields = Object.entries(value).map(([key, inner]) => [key, described(inner)]);
  return { class: value.constructor?.name ?? "null-prototype", fields };
}

/** A validation result with its value `described`, for comparing two paths' answers. */
export const outcome = (result: ValidationResult) =>
  result.ok ? { ok: true, value: described(result.value) } : { ok: false, issues: result.issues };
