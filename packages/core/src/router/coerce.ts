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

/** The JSON types a schema admits, following `$ref`, `enum`, `const`, `anyOf`/`oneOf`/`allOf`. */
function admittedTypes(
  schema: JsonSchema,
  registry: SchemaRegistry,
  types: Set<string>,
  depth = 0,
) {
  if (depth > 16) return;
  const resolved = registry.resolve(schema);
  const { type } = resolved;
  if (typeof type === "string") types.add(type);
  else if (Array.isArray(type)) for (const each of type) types.add(String(each));
  const literals = [...(Array.isArray(resolved.enum) ? resolved.enum : [])];
  if ("const" in resolved) literals.push(resolved.const);
  for (const literal of literals) {
    if (typeof literal === "number") types.add(Number.isInteger(literal) ? "integer" : "number");
    else if (typeof literal === "boolean") types.add("boolean");
  }
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const members = resolved[keyword];
    if (Array.isArray(members)) {
      for (const member of members) admittedTypes(member as JsonSchema, registry, types, depth + 1);
    }
  }
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
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
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
  const types = new Set<string>();
  admittedTypes(schema, registry, types);
  const integer = types.has("integer");
  const number = types.has("number");
  const boolean = types.has("boolean");
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
