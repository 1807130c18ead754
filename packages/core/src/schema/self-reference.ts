import type { JsonSchema } from "./json-schema.js";

/**
 * A named model's JSON Schema as the model itself. Converters that name the root (Zod's and
 * Valibot's, given the model's id) emit `{ $ref: "#/$defs/Name", $defs: { Name, ...others } }`:
 * kept so, the component would point at a definition of its own name, which collides with it
 * once definitions are hoisted. Any other schema comes back as it is.
 */
export function unwrapSelfReference(schema: JsonSchema, name: string): JsonSchema {
  if (schema.$ref !== `#/$defs/${name}`) return schema;
  const { $defs } = schema;
  const own = $defs?.[name];
  if (own === undefined) return schema;
  const { [name]: _self, ...others } = $defs as Record<string, JsonSchema>;
  return Object.keys(others).length > 0 ? { ...own, $defs: others } : own;
}
