import type { KnownCheck } from "./known-constraints.js";

interface ConstraintValidator {
  validate(value: unknown, args: unknown): unknown;
}

const fixedProbes: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  0.5,
  -2.5,
  1e21,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  "",
  " ",
  "a",
  "ab",
  "0",
  "true",
  "ada@example.com",
  "not an email",
  "\uD83D\uDE00",
  "a\uFE0F",
  "2026-12-02T14:00:00Z",
  "123e4567-e89b-42d3-a456-426614174000",
  [],
  [""],
  ["a", "b"],
  [1, 2],
  {},
  { a: 1 },
];

/** Values near each of a constraint's own values: the edges of its bounds, and what it lists. */
function probesNear(constraints: readonly unknown[]): unknown[] {
  const found: unknown[] = [];
  const visit = (constraint: unknown) => {
    if (typeof constraint === "number" && Number.isFinite(constraint)) {
      for (const delta of [-1, -0.5, 0, 0.5, 1]) found.push(constraint + delta);
      const size = Math.trunc(constraint);
      if (size >= 0 && size <= 1001) {
        for (const n of [size - 1, size, size + 1]) {
          if (n < 0) continue;
          found.push("x".repeat(n), "\uD83D\uDE00".repeat(n), new Array(n).fill("x"));
        }
      }
    } else if (Array.isArray(constraint)) {
      for (const item of constraint) visit(item);
      found.push(constraint);
    } else if (constraint !== null && typeof constraint === "object") {
      found.push(...Object.values(constraint));
    } else {
      found.push(constraint);
    }
  };
  for (const constraint of constraints) visit(constraint);
  return found;
}

/**
 * Whether the compiled check answers true only where the decorator's own validator accepts
 * (`also` adds a refusal of the full path's own, as for IsInt's unsafe integers): tried on fixed
 * values and on values at the edges of the constraints. A check that disagrees, or a validator
 * that throws, keeps the model on the general path; the compiled check may still refuse more.
 */
export function agreesWithValidator(
  check: KnownCheck,
  validator: ConstraintValidator,
  args: { readonly property: string; readonly constraints: readonly unknown[] | undefined },
  also: (value: unknown) => boolean,
): boolean {
  try {
    const predicate = new Function(
      "binding",
      `"use strict"; return (value) => ${check.expression("value", "binding")};`,
    )(check.binding) as (value: unknown) => boolean;
    for (const probe of [...fixedProbes, ...probesNear(args.constraints ?? [])]) {
      if (predicate(probe) !== true) continue;
      const answer = validator.validate(probe, {
        ...args,
        targetName: "",
        object: {},
        value: probe,
      });
      if (answer !== true || !also(probe)) return false;
    }
    return true;
  } catch {
    return false;
  }
}
