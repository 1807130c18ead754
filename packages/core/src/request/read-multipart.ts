import { BadRequestException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import {
  mediaTypeFromSignature,
  signatureLength,
  signedMediaTypes,
} from "../http/media-signature.js";
import { restrictedFileFields } from "../openapi/multipart-encoding.js";
import type { BodyBinding } from "../operation/operation.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { StoredFile } from "../uploads/stored-file.js";
import { fieldText, formBoundary, wholeParts } from "./multipart-parts.js";
import { pointerToken } from "./request-inputs.js";
import { addField } from "./streamed-form.js";

/** Per file field that restricts its media types: those types (from its schema, at startup). */
export type FileTypeRules = ReadonlyMap<string, readonly string[]>;

/**
 * The file fields of a multipart body binding whose bytes are checked, with the media types each
 * accepts: those its schema restricts (what every adapter writes into the JSON Schema, as the
 * document shows it). Undefined when there are none.
 */
export function fileTypeRules(
  binding: BodyBinding,
  registry: SchemaRegistry,
): FileTypeRules | undefined {
  if (binding.contentType !== "multipart/form-data" || binding.jsonSchema === undefined) {
    return undefined;
  }
  const fields = restrictedFileFields(binding.jsonSchema, registry);
  return fields.size > 0 ? fields : undefined;
}

/**
 * An uploaded file typed by its part's declaration, exactly as declared (the runtime's `File`
 * appends `;charset=utf-8` to some text types, which a list of accepted types would not match).
 */
class DeclaredFile extends File {
  readonly #type: string;

  constructor(bytes: Uint8Array[], name: string, type: string) {
    super(bytes as unknown as ConstructorParameters<typeof File>[0], name, { type });
    this.#type = type;
  }

  override get type(): string {
    return this.#type;
  }
}

/**
 * Why a file's bytes do not fit its declared type, or undefined when they do: a type whose
 * signature Trellis knows (PNG, JPEG, GIF, WebP, PDF) must start with that signature, and bytes
 * that start with one must be declared as its type.
 */
async function signatureProblem(file: File): Promise<string | undefined> {
  // A streamed file kept its first bytes as they passed: no read back from disk or S3.
  const head =
    file instanceof StoredFile
      ? file.head.subarray(0, signatureLength)
      : new Uint8Array(await file.slice(0, signatureLength).arrayBuffer());
  const found = mediaTypeFromSignature(head);
  const declared = file.type;
  const signed = signedMediaTypes.includes(declared);
  if (signed ? found === declared : found === undefined) return undefined;
  return `is declared ${declared} but its bytes are ${found ?? `not ${declared}`}`;
}

/**
 * Checks the bytes of the files of every field that restricts its media types, where they are
 * declared as one of its types (a type it does not accept is the schema's to refuse): 400 naming
 * each file whose bytes are not what its part declares.
 */
export async function checkFileSignatures(
  record: Record<string, unknown>,
  rules: FileTypeRules,
): Promise<void> {
  const errors: { in: "body"; path: string; message: string }[] = [];
  for (const [field, accepted] of rules) {
    const value = record[field];
    const files = Array.isArray(value) ? value : [value];
    for (let index = 0; index < files.length; index++) {
      const file: unknown = files[index];
      if (!(file instanceof File) || !accepted.includes(file.type)) continue;
      const problem = await signatureProblem(file);
      if (problem === undefined) continue;
      const path = `/${pointerToken(field)}${Array.isArray(value) ? `/${index}` : ""}`;
      errors.push({ in: "body", path, message: problem });
    }
  }
  if (errors.length === 0) return;
  throw withoutStack(
    () =>
      new BadRequestException("A file's bytes are not the media type its part declares.", {
        errors,
      }),
  );
}

/**
 * A multipart/form-data body held in memory as a record of its fields (a repeated field as an
 * array), read part by part as a streamed form is (see `wholeParts`). Each file's media type is
 * the one its part declares (text/plain when none), never a guess from its filename; with
 * `fileTypes`, the files of restricted fields are checked by their bytes.
 */
export async function parseMultipart(
  bytes: Uint8Array,
  contentType: string,
  fileTypes: FileTypeRules | undefined,
): Promise<Record<string, unknown>> {
  const record: Record<string, unknown> = Object.create(null);
  for (const { head, body } of wholeParts(bytes, formBoundary(contentType))) {
    const value =
      head.filename === undefined
        ? fieldText(head.name, body)
        : new DeclaredFile(body, head.filename, head.contentType);
    addField(record, head.name, value);
  }
  if (fileTypes !== undefined) await checkFileSignatures(record, fileTypes);
  return record;
}
