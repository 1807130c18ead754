import { Kind, type TSchema } from "@sinclair/typebox";

// The largest integer a JSON number (an IEEE 754 double) carries exactly: 2^53 - 1.
const largest = Number.MAX_SAFE_INTEGER;

/** The bounds an integer schema gets so that it means "safe integer". */
export interface SafeIntegerBounds {
  minimum?: number;
  maximum?: number;
}

/**
 * The `minimum` and `maximum` that make an integer schema refuse unsafe integers (JSON parsing
 * rounds 9007199254740993 to ...992: a different number than the client sent): the schema's own
 * bounds where they are tighter, ±(2^53 - 1) otherwise; none where the schema's exclusive bound
 * is tighter already. Validation only: core writes the same bounds into the document.
 */
export function safeIntegerBounds(schema: Readonly<Record<string, unknown>>): SafeIntegerBounds {
  const bounds: SafeIntegerBounds = {};
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === "number") bounds.minimum = Math.max(minimum, -largest);
  else if (!(typeof exclusiveMinimum === "number" && exclusiveMinimum >= -largest))
    bounds.minimum = -largest;
  if (typeof maximum === "number") bounds.maximum = Math.min(maximum, largest);
  else if (!(typeof exclusiveMaximum === "number" && exclusiveMaximum <= largest))
    bounds.maximum = largest;
  return bounds;
}

type Node = Record<PropertyKey, unknown>;

const isPlainObject = (value: unknown): value is Node => {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Returns a function that copies a TypeBox schema with safe-integer bounds on every
 * `Type.Integer` (TypeBox's own integer check is `Number.isInteger`, which unsafe integers pass).
 * The copy is what gets compiled; the user's schema is never changed. Parts without an integer
 * are shared, not copied, and each schema is copied once however often it is asked for.
 */
export function createSafeIntegerCopier(): (schema: TSchema) => TSchema {
  const copies = new WeakMap<object, unknown>();

  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(copy);
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (!isPlainObject(value)) return value;
    if (copies.has(value)) return copies.get(value);
    copies.set(value, value); // a cycle (never built by TypeBox) meets the original, not a loop
    let result: Node | undefined;
    // Own keys include TypeBox's symbols (Kind, OptionalKind, ...); a spread keeps them too.
    for (const key of Reflect.ownKeys(value)) {
      const inner = value[key];
      const next = copy(inner);
      if (next === inner) continue;
      result ??= { ...value };
      result[key] = next;
    }
    if (value[Kind] === "Integer") result = { ...(result ?? value), ...safeIntegerBounds(value) };
    const copied = result ?? value;
    copies.set(value, copied);
    return copied;
  };

  return (schema) => copy(schema) as TSchema;
}
