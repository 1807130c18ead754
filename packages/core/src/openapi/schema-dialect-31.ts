import { fileSchema31, isFileSchema } from "./file-schema.js";
import { copy, isObject, openMembers, type SchemaObject } from "./schema-dialect-shared.js";

// OpenAPI 3.1's Schema Object is JSON Schema 2020-12: adapters' schemas pass through, only older
// drafts' and 3.0's keywords are rewritten.

// Keywords whose value is a schema, a list of schemas or a map of schemas: converted recursively.
const schemaKeywords31 = new Set([
  "items",
  "additionalProperties",
  "not",
  "contains",
  "propertyNames",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
]);
const schemaListKeywords31 = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const schemaMapKeywords31 = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "dependentSchemas",
]);

/** Converts one JSON Schema to 3.1's dialect: 2020-12 as is, draft-07 and 3.0 leftovers updated. */
export function toSchema31(input: unknown): unknown {
  if (typeof input === "boolean") return input;
  if (!isObject(input)) return {};
  if (isFileSchema(input)) return fileSchema31(input as SchemaObject);
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === "$schema" || key === "nullable") continue;
    const name = key === "definitions" ? "$defs" : key;
    if (name === "$ref" && typeof value === "string") {
      out.$ref = value.replace(/^#\/definitions\//, "#/$defs/");
    } else if (name === "items" && Array.isArray(value)) {
      out.prefixItems = value.map(toSchema31);
      if (input.additionalItems !== undefined) out.items = toSchema31(input.additionalItems);
    } else if (name === "additionalItems") {
      if (!Array.isArray(input.items)) continue; // meaningless without a tuple
    } else if (schemaKeywords31.has(name)) {
      out[name] = toSchema31(value);
    } else if (schemaListKeywords31.has(name) && Array.isArray(value)) {
      out[name] = value.map(toSchema31);
    } else if (schemaMapKeywords31.has(name) && isObject(value)) {
      const map: SchemaObject = {};
      for (const [entry, schema] of Object.entries(value)) map[entry] = toSchema31(schema);
      out[name] = map;
    } else {
      out[name] = copy(value);
    }
  }
  // Draft-04 style boolean exclusive bounds become 2020-12 numeric ones.
  for (const [exclusive, inclusive] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof out[exclusive] !== "boolean") continue;
    if (out[exclusive] === true && typeof out[inclusive] === "number") {
      out[exclusive] = out[inclusive];
      delete out[inclusive];
    } else delete out[exclusive];
  }
  if (Array.isArray(out.allOf)) out.allOf = openMembers(out.allOf as SchemaObject[]);
  if (input.nullable === true) return withNull31(out);
  return out;
}

/** A 3.1 schema that also admits null (from a 3.0-style `nullable: true`). */
function withNull31(schema: SchemaObject): SchemaObject {
  if (typeof schema.type === "string" && !("$ref" in schema)) {
    const result: SchemaObject = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(result.enum) && !result.enum.includes(null))
      result.enum = [...result.enum, null];
    return result;
  }
  if (Array.isArray(schema.type) && !schema.type.includes("null")) {
    return { ...schema, type: [...schema.type, "null"] };
  }
  if (Array.isArray(schema.type)) return schema;
  return { anyOf: [schema, { type: "null" }] };
}
