import { stableJson } from "../schema/stable-json.js";
import { isObject, type SchemaObject } from "./schema-dialect-shared.js";

/** Schemas that only admit null: `{type:"null"}`, `{const:null}`, `{enum:[null]}`. */
export function isNullOnly(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.length === 1 && type[0] === "null")) {
    return true;
  }
  if ("const" in schema && schema.const === null) return true;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

/** Distinct schemas by content, first occurrence kept. */
function distinct(schemas: SchemaObject[]): SchemaObject[] {
  const seen = new Set<string>();
  return schemas.filter((schema) => {
    const key = stableJson(schema);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One schema for several: none admits anything, one is itself, more are an `anyOf`. */
export function union(schemas: SchemaObject[]): SchemaObject {
  const members = distinct(schemas);
  if (members.length === 0) return {};
  return members.length === 1 ? (members[0] as SchemaObject) : { anyOf: members };
}

/** A 3.0 schema that also admits null (a bare `$ref` cannot carry siblings, so it is wrapped). */
export function withNull30(schema: SchemaObject): SchemaObject {
  if (typeof schema.$ref === "string") return { allOf: [schema], nullable: true };
  const result: SchemaObject = { ...schema, nullable: true };
  if (Array.isArray(result.enum) && !result.enum.includes(null))
    result.enum = [...result.enum, null];
  return result;
}
