import type { TSchema } from "@sinclair/typebox";

type SchemaRecord = Record<string, unknown>;

/** Keywords whose value is one subschema (or a boolean). */
export const singleKeywords: ReadonlySet<string> = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "additionalItems",
  "unevaluatedItems",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
]);
/** Keywords whose value maps names to subschemas. */
export const mapKeywords: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);
/** Keywords whose value is a list of subschemas (`items` may be either form). */
export const listKeywords: ReadonlySet<string> = new Set([
  "anyOf",
  "allOf",
  "oneOf",
  "prefixItems",
]);

const isSchema = (value: unknown): value is TSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The direct subschemas of a schema. */
export function childrenOf(schema: TSchema): TSchema[] {
  const children: TSchema[] = [];
  const record = schema as SchemaRecord;
  for (const key in record) {
    const value = record[key];
    if (typeof value !== "object" || value === null) continue;
    if (key === "items" || listKeywords.has(key)) {
      if (!Array.isArray(value)) {
        if (key === "items") children.push(value as TSchema);
      } else for (const item of value) if (isSchema(item)) children.push(item);
    } else if (singleKeywords.has(key)) {
      if (isSchema(value)) children.push(value);
    } else if (mapKeywords.has(key) && isSchema(value)) {
      const map = value as SchemaRecord;
      for (const name in map) if (isSchema(map[name])) children.push(map[name] as TSchema);
    }
  }
  return children;
}

/** Every schema with a string `$id` in the given trees, by id (for `$ref` and `Type.Recursive`). */
export function collectIds(roots: readonly TSchema[]): Map<string, TSchema> {
  const ids = new Map<string, TSchema>();
  const seen = new Set<TSchema>();
  const stack = [...roots];
  for (let schema = stack.pop(); schema; schema = stack.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (typeof schema.$id === "string" && !ids.has(schema.$id)) ids.set(schema.$id, schema);
    stack.push(...childrenOf(schema));
  }
  return ids;
}
