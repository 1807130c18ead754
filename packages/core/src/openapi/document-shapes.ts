import type { JsonSchema } from "../schema/json-schema.js";
import { isDataKey, schemaMapKeywords } from "../schema/schema-keywords.js";
import { SchemaRegistry } from "../schema/schema-registry.js";

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON type every value shares ("integer" when all are integers), or undefined. */
function sharedType(values: readonly unknown[]): string | undefined {
  const types = new Set(
    values.map((value) =>
      value === null
        ? "null"
        : Array.isArray(value)
          ? "array"
          : typeof value === "number"
            ? Number.isInteger(value)
              ? "integer"
              : "number"
            : typeof value,
    ),
  );
  if (types.size === 2 && types.has("integer") && types.has("number")) return "number";
  const [type] = types;
  return types.size === 1 && type !== "null" && type !== "object" ? type : undefined;
}

// Keywords that only annotate: a union member carrying them is still "just a value".
const annotations = new Set(["type", "description", "title", "$comment"]);

/** The values a schema that is only `const` or `enum` (and annotations) admits; else undefined. */
function onlyValues(member: unknown): unknown[] | undefined {
  if (!isNode(member)) return undefined;
  if (Object.keys(member).some((key) => key !== "const" && key !== "enum" && !annotations.has(key)))
    return undefined;
  if ("const" in member) return [member.const];
  return Array.isArray(member.enum) ? member.enum : undefined;
}

/** The one value a required property of an object component pins, if any. */
function pinnedValue(schema: JsonSchema, property: string): unknown {
  const values = onlyValues((schema.properties as Node | undefined)?.[property]);
  const required = Array.isArray(schema.required) && schema.required.includes(property);
  return required && values?.length === 1 ? values[0] : undefined;
}

/**
 * `discriminator` for a union of named object models that each pin one required property to a
 * distinct string (`kind: "cat"` / `kind: "dog"`): what class-validator's discriminator, Zod's
 * `discriminatedUnion`, Valibot's `variant` and a TypeBox union of such objects all mean.
 */
function discriminated(node: Node, registry: SchemaRegistry): Node | undefined {
  const key = Array.isArray(node.oneOf) ? "oneOf" : Array.isArray(node.anyOf) ? "anyOf" : undefined;
  if (key === undefined || "discriminator" in node) return undefined;
  const members = node[key] as unknown[];
  if (members.length < 2) return undefined;
  const models: { ref: string; schema: JsonSchema }[] = [];
  for (const member of members) {
    if (!isNode(member) || typeof member.$ref !== "string" || Object.keys(member).length !== 1)
      return undefined;
    const name = SchemaRegistry.refName(member.$ref);
    const schema = name === undefined ? undefined : registry.get(name);
    if (!schema) return undefined;
    models.push({ ref: member.$ref, schema });
  }
  const first = models[0]?.schema.properties;
  if (!isNode(first)) return undefined;
  for (const property of Object.keys(first)) {
    const mapping: Record<string, string> = {};
    for (const { ref, schema } of models) {
      const value = pinnedValue(schema, property);
      if (typeof value !== "string" || value in mapping) break;
      mapping[value] = ref;
    }
    if (Object.keys(mapping).length !== models.length) continue;
    // Distinct values of a required property: at most one member matches, so it is a oneOf.
    const { [key]: _members, ...rest } = node;
    return { ...rest, oneOf: members, discriminator: { propertyName: property, mapping } };
  }
  return undefined;
}

/** One node, with its children already normalized. */
function normalizeNode(node: Node, registry: SchemaRegistry): Node {
  let result = node;
  // A union of plain values (TypeBox's union of literals) is an enum.
  const union = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (union && union.length > 1) {
    const values = union.map(onlyValues);
    if (values.every((list) => list !== undefined)) {
      const { anyOf: _anyOf, ...rest } = node;
      result = { ...rest, enum: [...new Set(values.flat())] };
    }
  }
  // An enum or const says its type, as OpenAPI 3.0 tools need (and linters ask).
  if (result.type === undefined) {
    const values = Array.isArray(result.enum)
      ? result.enum
      : "const" in result
        ? [result.const]
        : undefined;
    const type = values && values.length > 0 ? sharedType(values) : undefined;
    if (type !== undefined) result = { type, ...result };
  } else if (
    result.type === "number" &&
    Array.isArray(result.enum) &&
    result.enum.length > 0 &&
    result.enum.every((value) => Number.isInteger(value))
  ) {
    // `number` limited to integers is `integer` (Zod types literal 1 as a number, TypeBox as an
    // integer): one spelling for every adapter.
    result = { ...result, type: "integer" };
  }
  return discriminated(result, registry) ?? result;
}

/**
 * The schema as the document shows it, alike for every adapter: unions of values as typed enums,
 * an enum or const with its `type`, and unions of named models pinned by a property with their
 * `discriminator` (`propertyName` and `mapping` to the components). Copies what it changes.
 */
export function withDocumentShapes(schema: JsonSchema, registry: SchemaRegistry): JsonSchema {
  const walkMap = (map: unknown): unknown => {
    if (!isNode(map)) return walk(map, false);
    let changed = false;
    const out: Node = {};
    for (const name of Object.keys(map)) {
      out[name] = walk(map[name], false);
      if (out[name] !== map[name]) changed = true;
    }
    return changed ? out : map;
  };
  const walk = (value: unknown, dataKey: boolean): unknown => {
    if (dataKey || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => walk(item, false));
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    const node = value as Node;
    let changed = false;
    const out: Node = {};
    for (const key of Object.keys(node)) {
      // Names in these maps are property names (or patterns), never keywords.
      out[key] = schemaMapKeywords.has(key)
        ? walkMap(node[key])
        : walk(node[key], isDataKey(key) || key === "discriminator");
      if (out[key] !== node[key]) changed = true;
    }
    return normalizeNode(changed ? out : node, registry);
  };
  return walk(schema, false) as JsonSchema;
}
