import { Kind, type TSchema } from "@sinclair/typebox";
import type { JsonSchema, JsonSchemaContext } from "@trellis/core/extend";
import { fileJsonSchema, fileKind } from "./file-type.js";
import { listKeywords, mapKeywords, singleKeywords } from "./schema-tree.js";

// TypeBox's JavaScript-only types (Date, Uint8Array, bigint, undefined, functions, ...) carry a
// `type` JSON Schema does not know; JSON cannot carry their values, so they are documented as `{}`.
const jsonTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

const omit = Symbol("omit");
// Keywords the copy leaves out: the id becomes the component name; items handles additionalItems.
const skipped = new Set(["$id", "$schema", "additionalItems"]);

/** A plain-JSON copy of a keyword's data (`default`, `const`, `enum`, `examples`, ...). */
function data(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : omit;
  if (Array.isArray(value)) return value.map(data).filter((item) => item !== omit);
  if (typeof value !== "object") return omit;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const converted = data(inner);
    if (converted !== omit) copy[key] = converted;
  }
  return copy;
}

/**
 * TypeBox schemas are JSON Schema already: this copies one without TypeBox's symbols and
 * JavaScript-only types, turns tuple `items` arrays into draft 2020-12 `prefixItems`, and makes
 * every schema with a `$id` (and every `Type.Ref` target) a component named by that id. `ids` is
 * asked only when a reference must be resolved. Core adds the safe-integer bounds.
 */
export function typeboxToJsonSchema(
  root: TSchema,
  context: JsonSchemaContext,
  ids: () => ReadonlyMap<string, TSchema>,
): JsonSchema {
  const named = (id: string, schema: TSchema) => context.define(id, schema, () => body(schema));
  const convert = (schema: TSchema): JsonSchema => {
    if (typeof schema.$id === "string") return named(schema.$id, schema);
    if (typeof schema.$ref === "string") {
      const target = ids().get(schema.$ref);
      if (!target) {
        throw new Error(
          `The TypeBox reference "${schema.$ref}" has no schema; pass it in typebox({ references }).`,
        );
      }
      return named(schema.$ref, target);
    }
    return body(schema);
  };
  const sub = (value: unknown): unknown =>
    typeof value === "object" && value !== null ? convert(value as TSchema) : value;

  const body = (schema: TSchema): JsonSchema => {
    if (schema[Kind] === fileKind) return fileJsonSchema(schema);
    if (typeof schema.type === "string" && !jsonTypes.has(schema.type)) return {};
    const result: JsonSchema = {};
    for (const key in schema) {
      const value = schema[key];
      // Most keywords hold a string, a boolean or a finite number: copied as they are.
      if (
        typeof value === "string" ||
        typeof value === "boolean" ||
        (typeof value === "number" && Number.isFinite(value))
      ) {
        if (!skipped.has(key)) result[key] = value;
        continue;
      }
      if (skipped.has(key)) continue;
      if (key === "items" && Array.isArray(value)) {
        result.prefixItems = value.map(sub);
        // Draft 2020-12 spells "no more items than the tuple" as `items: false`.
        if (schema.additionalItems !== undefined)
          result.items = sub(schema.additionalItems) as JsonSchema;
      } else if (key === "items" || singleKeywords.has(key)) {
        result[key] = sub(value);
      } else if (mapKeywords.has(key) && typeof value === "object" && value !== null) {
        const map: Record<string, unknown> = {};
        for (const name of Object.keys(value)) {
          const inner = sub((value as Record<string, unknown>)[name]);
          // A property named "__proto__" stays a property, as in the schema.
          if (name === "__proto__")
            Object.defineProperty(map, name, {
              value: inner,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          else map[name] = inner;
        }
        result[key] = map;
      } else if (listKeywords.has(key) && Array.isArray(value)) {
        result[key] = value.map(sub);
      } else {
        const converted = data(value);
        if (converted !== omit) result[key] = converted;
      }
    }
    return result;
  };

  return convert(root);
}
