/** The limits of one uploaded file, as a schema declares them and the document shows them. */
export interface FileLimits {
  /** The largest size in bytes (the document's `maxLength`). */
  readonly maxSize?: number;
  /** The smallest size in bytes (the document's `minLength`). */
  readonly minSize?: number;
  /** The accepted media types, e.g. `["image/png", "image/jpeg"]` (none: any). */
  readonly mimeTypes?: readonly string[];
}

// The form core documents as a file, whatever the adapter: `format: binary`, the size as
// `maxLength`/`minLength`, one media type as `contentMediaType`, several as `anyOf` members that
// each hold only `contentMediaType` (core turns them into 3.1's keyword or the 3.0 `encoding`).

/**
 * The JSON Schema of one uploaded file with `limits`, in the form Trellis documents as a file:
 * for a library whose converter has no JSON Schema for files (see `arktypeFileOptions`,
 * `valibotFileOptions`), or for your own converter options.
 */
export function fileJsonSchema(limits: FileLimits = {}): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: "string", format: "binary" };
  if (limits.maxSize !== undefined) schema.maxLength = limits.maxSize;
  if (limits.minSize !== undefined) schema.minLength = limits.minSize;
  const types = limits.mimeTypes ?? [];
  if (types.length === 1) schema.contentMediaType = types[0];
  else if (types.length > 1) schema.anyOf = types.map((type) => ({ contentMediaType: type }));
  return schema;
}
