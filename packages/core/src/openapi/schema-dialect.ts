import type { JsonSchema } from "../schema/json-schema.js";
import { toSchema30 } from "./schema-dialect-30.js";
import { toSchema31 } from "./schema-dialect-31.js";

// One conversion per OpenAPI version; the version type is derived from this table, so a new
// version is one line here (3.2 keeps 3.1's JSON Schema 2020-12 dialect).
const conversions = {
  "3.0": toSchema30,
  "3.1": toSchema31,
  "3.2": toSchema31,
} satisfies Record<string, (schema: unknown) => unknown>;

/** The OpenAPI version a document is generated for; it decides the schema dialect. */
export type OpenApiVersion = keyof typeof conversions;

/**
 * Turns an adapter's plain JSON Schema into the schema dialect of the requested OpenAPI version:
 * 3.0's subset (nullable, boolean exclusive bounds, no const or type arrays) or 3.1's JSON Schema
 * 2020-12. Always returns fresh objects, never the input's.
 */
export function toOpenApiSchema(schema: unknown, version: OpenApiVersion): JsonSchema {
  // One lookup per top-level schema; each conversion then walks the nodes by itself.
  return conversions[version](schema) as JsonSchema;
}
