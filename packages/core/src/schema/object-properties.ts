import type { JsonSchema } from "./json-schema.js";
import type { SchemaRegistry } from "./schema-registry.js";

/**
 * The declared properties of an object schema, following `$ref`s and merging `allOf` members:
 * what a whole-location binding (`@Query(Schema)`) reads, coerces and documents.
 */
export function objectProperties(
  schema: JsonSchema,
  registry: SchemaRegistry,
): Map<string, JsonSchema> {
  const properties = new Map<string, JsonSchema>();
  const visit = (current: JsonSchema, depth: number): void => {
    if (depth > 16) return;
    const resolved = registry.resolve(current);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      if (!properties.has(name)) properties.set(name, property);
    }
    const allOf = resolved.allOf;
    if (Array.isArray(allOf)) for (const member of allOf) visit(member as JsonSchema, depth + 1);
  };
  visit(schema, 0);
  return properties;
}
