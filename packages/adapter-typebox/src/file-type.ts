import { Kind, type TSchema, type TUnsafe, Type, TypeRegistry } from "@sinclair/typebox";

/** The TypeBox kind of `FileType` schemas, checked by a function registered in TypeRegistry. */
export const fileKind = "TrellisFile";

/** Limits of an uploaded file. */
export interface FileTypeOptions {
  /** Largest accepted size in bytes. */
  readonly maxSize?: number;
  /** Accepted media types (the part's Content-Type, exactly); any when absent. */
  readonly mimeTypes?: readonly string[];
  /** Shown in the document. */
  readonly description?: string;
}

/** A `FileType` schema: its options are kept on it for the check and the document. */
export type TFile = TUnsafe<File> & {
  readonly maxSize?: number;
  readonly mimeTypes?: readonly string[];
};

const sizeOf = (value: Blob) => value.size;

/** Why a value is not an acceptable file for `schema`, or undefined when it is. */
export function fileProblem(schema: TSchema, value: unknown): string | undefined {
  if (!(value instanceof Blob)) return "Expected a file";
  const { maxSize, mimeTypes } = schema as TFile;
  if (typeof maxSize === "number" && sizeOf(value) > maxSize) {
    return `Expected a file of at most ${maxSize} bytes`;
  }
  if (Array.isArray(mimeTypes) && !mimeTypes.includes(value.type)) {
    return `Expected a file of type ${mimeTypes.join(", ")}`;
  }
  return undefined;
}

/**
 * An uploaded file field of a multipart body (`@Body(Schema, { contentType:
 * "multipart/form-data" })`): a `File` of at most `maxSize` bytes with one of `mimeTypes`.
 * Documented as `format: binary` (OpenAPI 3.0) or `contentMediaType` (3.1), with the media types
 * in the request body's `encoding`. `Type.Array(FileType())` takes several files under one field.
 *
 * @example
 * ```ts
 * const Avatar = Type.Object({
 *   avatar: FileType({ maxSize: 1024 * 1024, mimeTypes: ["image/png", "image/jpeg"] }),
 * });
 * ```
 */
export function FileType(options: FileTypeOptions = {}): TFile {
  if (!TypeRegistry.Has(fileKind)) {
    TypeRegistry.Set(
      fileKind,
      (schema, value) => fileProblem(schema as TSchema, value) === undefined,
    );
  }
  const { maxSize, mimeTypes, description } = options;
  return Type.Unsafe<File>({
    [Kind]: fileKind,
    type: "string",
    format: "binary",
    ...(maxSize !== undefined ? { maxSize } : {}),
    ...(mimeTypes !== undefined ? { mimeTypes: [...mimeTypes] } : {}),
    ...(description !== undefined ? { description } : {}),
  }) as TFile;
}

/** The JSON Schema core documents as a file: the size as `maxLength`, the media types as `contentMediaType`. */
export function fileJsonSchema(schema: TSchema): Record<string, unknown> {
  const { maxSize, mimeTypes, description } = schema as TFile;
  const result: Record<string, unknown> = { type: "string", format: "binary" };
  if (typeof description === "string") result.description = description;
  if (typeof maxSize === "number") result.maxLength = maxSize;
  if (Array.isArray(mimeTypes) && mimeTypes.length === 1) result.contentMediaType = mimeTypes[0];
  else if (Array.isArray(mimeTypes) && mimeTypes.length > 1) {
    result.anyOf = mimeTypes.map((type) => ({ contentMediaType: type }));
  }
  return result;
}
