import type { SchemaObject } from "./schema-dialect-shared.js";

// Keywords OpenAPI 3.0's Schema Object knows and that need no conversion.
const plain30 = new Set([
  "title",
  "multipleOf",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "description",
  "format",
  "default",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
]);

/** True for a keyword 3.0 keeps as it is (its own plain keywords and `x-` extensions). */
export const keeps30 = (key: string) => plain30.has(key) || key.startsWith("x-");

/** A `required` list of distinct names, copied (names that are not strings dropped). */
export function requiredList(names: readonly unknown[]): string[] | undefined {
  const result: string[] = [];
  for (const name of names) {
    if (typeof name === "string" && !result.includes(name)) result.push(name);
  }
  return result.length > 0 ? result : undefined;
}

/** The output's keys in the order the input had them (readers expect `type` where they put it). */
export function inInputOrder(input: SchemaObject, output: SchemaObject): SchemaObject {
  const result: SchemaObject = {};
  for (const key of Object.keys(input)) if (key in output) result[key] = output[key];
  for (const key of Object.keys(output)) if (!(key in result)) result[key] = output[key];
  return result;
}
