import { fileJsonSchema } from "./file-json-schema.js";

type Node = Record<string, unknown>;

// Valibot's converter (@valibot/to-json-schema) has no JSON Schema for `v.file()`/`v.blob()` nor
// for `v.maxSize`/`v.minSize`/`v.mimeType`; its documented `overrideSchema`/`overrideAction`
// options let the caller supply them. Typed structurally: this package does not load Valibot.

/** The JSON Schema of a Valibot file or blob schema, else undefined (the converter's own). */
function overrideSchema({ valibotSchema }: { readonly valibotSchema: { readonly type: string } }) {
  return valibotSchema.type === "file" || valibotSchema.type === "blob"
    ? fileJsonSchema()
    : undefined;
}

/** A size or media-type action on a file, written onto the file's JSON Schema so far. */
function overrideAction(context: { readonly valibotAction: object; readonly jsonSchema: object }) {
  const action = context.valibotAction as Node;
  const schema = context.jsonSchema as Node;
  if (schema.format !== "binary") return undefined;
  const requirement = action.requirement;
  if (action.type === "max_size" && typeof requirement === "number") {
    return { ...schema, maxLength: requirement };
  }
  if (action.type === "min_size" && typeof requirement === "number") {
    return { ...schema, minLength: requirement };
  }
  if (action.type === "mime_type" && Array.isArray(requirement)) {
    const { type, format, contentMediaType: _one, anyOf: _several, ...rest } = schema;
    const mimeTypes = requirement.filter((item): item is string => typeof item === "string");
    return { ...rest, ...fileJsonSchema({ mimeTypes }), type, format };
  }
  return undefined;
}

/**
 * Options for Valibot's JSON Schema converter that document `v.file()`/`v.blob()` with
 * `v.maxSize`, `v.minSize` and `v.mimeType` as files. Spread into the adapter's
 * `jsonSchemaOptions` (which it passes to `toStandardJsonSchema`'s converter).
 *
 * @example
 * ```ts
 * standardSchema({ jsonSchemaOptions: { ...valibotFileOptions } });
 * ```
 */
export const valibotFileOptions = { overrideSchema, overrideAction } as const;
