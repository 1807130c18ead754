import { ValidateBy, type ValidationOptions } from "class-validator";

/** Limits of an uploaded file, and class-validator's own options (`each`, `message`, `groups`...). */
export interface IsFileOptions extends ValidationOptions {
  /** Largest accepted size in bytes. */
  readonly maxSize?: number;
  /** Accepted media types (the part's Content-Type, exactly); any when absent. */
  readonly mimeTypes?: readonly string[];
}

/** The name `@IsFile` records in class-validator's metadata (read back for the document). */
export const isFileName = "isFile";

/** Why a value is not an acceptable file, or undefined when it is. */
export function fileProblem(value: unknown, options: IsFileOptions): string | undefined {
  if (!(value instanceof Blob)) return "must be a file";
  const { maxSize, mimeTypes } = options;
  if (typeof maxSize === "number" && value.size > maxSize) {
    return `must be a file of at most ${maxSize} bytes`;
  }
  if (mimeTypes !== undefined && !mimeTypes.includes(value.type)) {
    return `must be a file of type ${mimeTypes.join(", ")}`;
  }
  return undefined;
}

/**
 * An uploaded file field of a multipart body (`@Body(Model, { contentType:
 * "multipart/form-data" })`): a `File` of at most `maxSize` bytes with one of `mimeTypes`.
 * `each: true` takes several files under one field (documented as an array). Documented as
 * `format: binary` (OpenAPI 3.0) or `contentMediaType` (3.1), with the media types in the request
 * body's `encoding`.
 *
 * @example
 * ```ts
 * class AvatarUpload {
 *   @IsFile({ maxSize: 1024 * 1024, mimeTypes: ["image/png", "image/jpeg"] })
 *   avatar!: File;
 * }
 * ```
 */
export function IsFile(options: IsFileOptions = {}): PropertyDecorator {
  const { maxSize, mimeTypes, ...validationOptions } = options;
  const limits: IsFileOptions = {
    ...(maxSize !== undefined ? { maxSize } : {}),
    ...(mimeTypes !== undefined ? { mimeTypes: [...mimeTypes] } : {}),
  };
  return ValidateBy(
    {
      name: isFileName,
      constraints: [limits],
      validator: {
        validate: (value) => fileProblem(value, limits) === undefined,
        defaultMessage: (args) =>
          `${validationOptions.each ? "each value in " : ""}${args?.property ?? "value"} ${fileProblem(args?.value, limits) ?? "must be a file"}`,
      },
    },
    validationOptions,
  );
}
