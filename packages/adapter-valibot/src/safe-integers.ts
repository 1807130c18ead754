// The largest integer a JSON number (an IEEE 754 double) carries exactly: 2^53 - 1.
const largest = Number.MAX_SAFE_INTEGER;

interface IntegerAction {
  readonly kind: string;
  readonly type: string;
  readonly requirement: unknown;
}

const isIntegerAction = (item: unknown): item is IntegerAction =>
  typeof item === "object" &&
  item !== null &&
  (item as IntegerAction).kind === "validation" &&
  (item as IntegerAction).type === "integer" &&
  (item as IntegerAction).requirement === Number.isInteger;

/**
 * A pipe item for the compiled copy: `v.integer()` decides as `v.safeInteger()` does (JSON parsing
 * rounds 9007199254740993 to ...992, a different number than the client sent, which
 * `Number.isInteger` accepts). Valibot's action checks with its `requirement`, so the copy only
 * swaps that: the issue keeps the action's type, message and reference (custom messages stay).
 * Any other item is returned as it is.
 */
export function safeIntegerAction<T>(item: T): T {
  return isIntegerAction(item) ? ({ ...item, requirement: Number.isSafeInteger } as T) : item;
}

/**
 * The JSON Schema of a value after an integer action, with the safe-integer bounds that
 * validation applies (`@valibot/to-json-schema` says only `type: "integer"`): the schema's own
 * bounds where tighter, ±(2^53 - 1) otherwise, none where an exclusive bound is tighter already.
 */
export function withSafeIntegerBounds<T extends object>(jsonSchema: T): T {
  const result = { ...jsonSchema } as Record<string, unknown>;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = result;
  if (typeof minimum === "number") result.minimum = Math.max(minimum, -largest);
  else if (!(typeof exclusiveMinimum === "number" && exclusiveMinimum >= -largest))
    result.minimum = -largest;
  if (typeof maximum === "number") result.maximum = Math.min(maximum, largest);
  else if (!(typeof exclusiveMaximum === "number" && exclusiveMaximum <= largest))
    result.maximum = largest;
  return result as T;
}
