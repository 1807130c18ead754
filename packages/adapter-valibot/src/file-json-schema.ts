type Node = Record<string, unknown>;

// Valibot's converter has no JSON Schema for `v.file()`/`v.blob()` or their size and media-type
// actions (with `errorMode: "ignore"` they come out as `{}`): they are written here in the form
// core documents as a file (`format: binary`, the size as `maxLength`, the media types as
// `contentMediaType` or `anyOf` members of it).

/** The JSON Schema of a file or blob schema, else undefined (the converter's own). */
export function fileSchema(schema: { readonly type: string }): Node | undefined {
  return schema.type === "file" || schema.type === "blob"
    ? { type: "string", format: "binary" }
    : undefined;
}

/** The JSON Schema of a pipe action on a file, written onto the schema so far; else undefined. */
export function fileAction(action: Node, jsonSchema: Node): Node | undefined {
  if (jsonSchema.format !== "binary") return undefined;
  const requirement = action.requirement;
  if (action.type === "max_size" && typeof requirement === "number") {
    return { ...jsonSchema, maxLength: requirement };
  }
  if (action.type === "min_size" && typeof requirement === "number") {
    return { ...jsonSchema, minLength: requirement };
  }
  if (action.type === "mime_type" && Array.isArray(requirement)) {
    const types = requirement.filter((type): type is string => typeof type === "string");
    if (types.length === 1) return { ...jsonSchema, contentMediaType: types[0] };
    return { ...jsonSchema, anyOf: types.map((type) => ({ contentMediaType: type })) };
  }
  return undefined;
}
