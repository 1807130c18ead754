import type { TSchema, TUnsafe } from "@sinclair/typebox";
import { requireOptional } from "./optional-module.js";

/** The TypeBox 0.34 kind of `FileType` schemas, checked by a function registered in its TypeRegistry. */
export const fileKind = "TrellisFile";

/** Marks a `FileType` schema for either line (symbols never reach the document). */
export const fileMarker: unique symbol = Symbol.for("trellis.typebox.file") as never;

// TypeBox 0.34's `Kind` key: a registered symbol, so it is written without importing the package.
const kindKey = Symbol.for("TypeBox.Kind");

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

type Refiner = {
  Unsafe(schema: object): object;
  Refine(
    schema: object,
    check: (value: unknown) => boolean,
    error: (value: unknown) => string,
  ): object;
};

// TypeBox 1.x checks a file with a refinement; loaded where `typebox` is installed, on the first
// `FileType` (0.34 apps need not have it, and 1.x apps need not have `@sinclair/typebox`).
let typebox1: Refiner | null | undefined;
const refiner = (): Refiner | undefined => {
  if (typebox1 === undefined) {
    const module = requireOptional<{ default: Refiner }>("typebox");
    typebox1 = module?.default ?? null;
  }
  return typebox1 ?? undefined;
};

/** True for a `FileType` schema (of either line). */
export const isFileSchema = (schema: unknown): boolean =>
  typeof schema === "object" &&
  schema !== null &&
  (schema as { [fileMarker]?: unknown })[fileMarker] === true;

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
  const { maxSize, mimeTypes, description } = options;
  const schema: Record<PropertyKey, unknown> = {
    format: "binary",
    ...(maxSize !== undefined ? { maxSize } : {}),
    ...(mimeTypes !== undefined ? { mimeTypes: [...mimeTypes] } : {}),
    ...(description !== undefined ? { description } : {}),
  };
  // One schema for both lines: 0.34 dispatches on its Kind to the registered check, 1.x runs the
  // refinement; neither reads the other's keys.
  schema[kindKey] = fileKind;
  schema[fileMarker] = true;
  const typebox1 = refiner();
  if (typebox1 === undefined) return schema as unknown as TFile;
  return typebox1.Refine(
    typebox1.Unsafe(schema),
    (value) => fileProblem(schema as unknown as TSchema, value) === undefined,
    (value) => fileProblem(schema as unknown as TSchema, value) ?? "Expected a file",
  ) as unknown as TFile;
}

/** The JSON Schema core documents as a file: the size as `maxLength`, the media types as `contentMediaType`. */
export function fileJsonSchema(schema: object): Record<string, unknown> {
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
