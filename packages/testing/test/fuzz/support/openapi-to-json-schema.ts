// OpenAPI 3.0 Schema Objects are almost JSON Schema: the differences Ajv (draft 2020-12) needs
// removed are `nullable`, boolean `exclusiveMinimum` / `exclusiveMaximum`, and 3.0's lack of
// `const`/type arrays (nothing to do for those). 3.1 documents are JSON Schema 2020-12 already.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is SchemaObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// Keywords whose value is one schema, a list of schemas, or a map of names to schemas.
const oneSchema = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "additionalItems",
  "unevaluatedItems",
  "unevaluatedProperties",
];
const schemaLists = ["allOf", "anyOf", "oneOf", "prefixItems"];
const schemaMaps = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/** One OpenAPI 3.0 Schema Object as JSON Schema 2020-12 (a copy; the input is not changed). */
export function schemaFrom30(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (oneSchema.includes(key)) out[key] = schemaFrom30(value);
    else if (schemaLists.includes(key) && Array.isArray(value)) out[key] = value.map(schemaFrom30);
    else if (schemaMaps.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, schemaFrom30(inner)]),
      );
    } else out[key] = value;
  }
  for (const [bound, exclusive] of [
    ["minimum", "exclusiveMinimum"],
    ["maximum", "exclusiveMaximum"],
  ] as const) {
    if (typeof out[exclusive] !== "boolean") continue;
    if (out[exclusive] === true && typeof out[bound] === "number") {
      out[exclusive] = out[bound];
      delete out[bound];
    } else delete out[exclusive];
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined && out.enum === undefined) return { anyOf: [out, { type: "null" }] };
  } else delete out.nullable;
  return out;
}

/** Every schema of a document's `components.schemas`, as JSON Schema 2020-12. */
export function componentsAsJsonSchema(document: {
  openapi: string;
  components?: { schemas?: Record<string, Json> };
}) {
  const schemas = document.components?.schemas ?? {};
  if (!document.openapi.startsWith("3.0")) return schemas;
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, schemaFrom30(schema)]),
  );
}

/** A schema of the document (3.0 or 3.1) as JSON Schema 2020-12. */
export function schemaAsJsonSchema(document: { openapi: string }, schema: Json): Json {
  return document.openapi.startsWith("3.0") ? schemaFrom30(schema) : schema;
}

export type { Json, SchemaObject };
