import type { JsonSchema } from "../schema/json-schema.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";

// One grammar for every adapter. Integers: no sign but "-", no leading zeros, no exponent.
// Numbers: the JSON number grammar, finite. Booleans: exactly "true" and "false".
const integerGrammar = /^-?(?:0|[1-9][0-9]*)$/;
const numberGrammar = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** The string as an integer when it is one (within ±2^53-1), else undefined. */
export function parseInteger(text: string): number | undefined {
  if (!integerGrammar.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** The string as a finite number when it is a JSON number, else undefined. */
export function parseNumber(text: string): number | undefined {
  if (!numberGrammar.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The string as a boolean when it is "true" or "false", else undefined. */
export function parseBoolean(text: string): boolean | undefined {
  return text === "true" ? true : text === "false" ? false : undefined;
}

/** Turns one string into the typed value its schema wants; a misfit stays the string. */
export type ScalarCoercer = (text: string) => unknown;

/** How a string input is coerced: one scalar, or (when the schema says array) each item. */
export interface ValueCoercer {
  readonly isArray: boolean;
  readonly item: ScalarCoercer;
}

const identity: ScalarCoercer = (text) => text;

// The JSON types coercion cares about, as bits: what a schema admits is their union.
const integerType = 1;
const numberType = 2;
const booleanType = 4;
const typeBits = (type: unknown): number =>
  type === "integer"
    ? integerType
    : type === "number"
      ? numberType
      : type === "boolean"
        ? booleanType
        : 0;
const unionKeywords = ["anyOf", "oneOf", "allOf"] as const;

const literalBits = (literal: unknown): number =>
  typeof literal === "number"
    ? Number.isInteger(literal)
      ? integerType
      : numberType
    : typeof literal === "boolean"
      ? booleanType
      : 0;

/**
 * The coercible JSON types a schema admits (bits of integer, number, boolean), following `$ref`,
 * `enum`, `const`, `anyOf`/`oneOf`/`allOf`.
 */
function admittedTypes(schema: JsonSchema, registry: SchemaRegistry, depth = 0): number {
  if (depth > 16) return 0;
  const resolved = registry.resolve(schema);
  const { type } = resolved;
  let bits = 0;
  if (Array.isArray(type)) for (const each of type) bits |= typeBits(each);
  else bits |= typeBits(type);
  if (Array.isArray(resolved.enum))
    for (const literal of resolved.enum) bits |= literalBits(literal);
  if ("const" in resolved) bits |= literalBits(resolved.const);
  for (const keyword of unionKeywords) {
    const members = resolved[keyword];
    if (Array.isArray(members)) {
      for (const member of members)
        bits |= admittedTypes(member as JsonSchema, registry, depth + 1);
    }
  }
  return bits;
}

/** The array member's item schema, when the schema (or a union member) is an array. */
function arrayItems(
  schema: JsonSchema,
  registry: SchemaRegistry,
  depth = 0,
): JsonSchema | undefined {
  if (depth > 16) return undefined;
  const resolved = registry.resolve(schema);
  const { type } = resolved;
  if (type === "array" || (Array.isArray(type) && type.includes("array"))) {
    return resolved.items ?? {};
  }
  for (const keyword of unionKeywords) {
    const members = resolved[keyword];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      const items = arrayItems(member as JsonSchema, registry, depth + 1);
      if (items) return items;
    }
  }
  return undefined;
}

/** A scalar coercer for a schema: numbers, integers and booleans when the schema admits them. */
export function scalarCoercer(schema: JsonSchema, registry: SchemaRegistry): ScalarCoercer {
  const types = admittedTypes(schema, registry);
  const integer = (types & integerType) !== 0;
  const number = (types & numberType) !== 0;
  const boolean = (types & booleanType) !== 0;
  if (!integer && !number && !boolean) return identity;
  return (text) => {
    if (number) {
      const value = parseNumber(text);
      if (value !== undefined) return value;
    } else if (integer) {
      const value = parseInteger(text);
      if (value !== undefined) return value;
    }
    if (boolean) {
      const value = parseBoolean(text);
      if (value !== undefined) return value;
    }
    return text;
  };
}

/** The coercer of a string input bound to a schema (built once, at startup). */
export function valueCoercer(schema: JsonSchema, registry: SchemaRegistry): ValueCoercer {
  const items = arrayItems(schema, registry);
  return items
    ? { isArray: true, item: scalarCoercer(items, registry) }
    : { isArray: false, item: scalarCoercer(schema, registry) };
}
