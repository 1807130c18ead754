/**
 * JSON Schema keywords by what their value holds, for walks that must tell schemas from data: a
 * property named "definitions" or "$ref" inside `properties`, or an `enum` value with a "$ref"
 * key, is not a keyword.
 */

/** Keywords whose values are data, never schemas (so a "$ref" inside them is not a reference). */
export const dataKeywords: ReadonlySet<string> = new Set([
  "enum",
  "const",
  "default",
  "example",
  "examples",
]);

/** Keywords whose value maps names (property names, patterns, definition names) to schemas. */
export const schemaMapKeywords: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "$defs",
  "definitions",
]);

/** True for a key whose value is data to copy as it is: a data keyword or an `x-` extension. */
export const isDataKey = (key: string): boolean => dataKeywords.has(key) || key.startsWith("x-");
