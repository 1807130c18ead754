import type { JsonSchema } from "../schema/json-schema.js";
import { objectProperties } from "../schema/object-properties.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { fileMediaTypes, isFileSchema } from "./file-schema.js";

/**
 * The media types each top-level file field (or array of files) of a multipart body accepts,
 * where it declares some: what the document lists in `encoding`, and the fields whose files'
 * bytes core checks against their declared type (see `checkFileSignatures`).
 */
export function restrictedFileFields(
  schema: JsonSchema,
  registry: SchemaRegistry,
): Map<string, readonly string[]> {
  const fields = new Map<string, readonly string[]>();
  for (const [name, property] of objectProperties(schema, registry)) {
    let file = registry.resolve(property);
    const list = file.type === "array" || (Array.isArray(file.type) && file.type.includes("array"));
    if (list && file.items !== undefined) file = registry.resolve(file.items);
    if (!isFileSchema(file)) continue;
    const types = fileMediaTypes(file as Record<string, unknown>);
    if (types.length > 0) fields.set(name, types);
  }
  return fields;
}

/**
 * The `encoding` of a multipart request body: for each top-level file field (or array of files)
 * with declared media types, `{ contentType: "image/png, image/jpeg" }`, the list the part may
 * carry. Undefined when no field declares any.
 */
export function multipartEncoding(
  schema: JsonSchema,
  registry: SchemaRegistry,
): Record<string, { contentType: string }> | undefined {
  const fields = restrictedFileFields(schema, registry);
  if (fields.size === 0) return undefined;
  const encoding: Record<string, { contentType: string }> = {};
  for (const [name, types] of fields) encoding[name] = { contentType: types.join(", ") };
  return encoding;
}
