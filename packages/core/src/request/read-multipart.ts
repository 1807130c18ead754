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
import { multipartBoundary, partContentTypes } from "./multipart-parts.js";
import { pointerToken } from "./request-inputs.js";

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

/** A file part without a Content-Type is text/plain (RFC 7578, section 4.4; busboy does the same). */
const undeclaredFileType = "text/plain";

const invalid = (message: string) =>
  withoutStack(
    () =>
      new BadRequestException(`The request body ${message}.`, {
        errors: [{ in: "body", path: "", message }],
      }),
  );

/**
 * An uploaded file typed by its part's declaration, exactly as declared (the runtime's `File`
 * appends `;charset=utf-8` to some text types, which a list of accepted types would not match).
 */
class DeclaredFile extends File {
  readonly #type: string;

  constructor(file: File, type: string) {
    super([file], file.name, { type, lastModified: file.lastModified });
    this.#type = type;
  }

  override get type(): string {
    return this.#type;
  }
}

/** The file as its part declared it: the same bytes and name, the declared media type. */
function asDeclared(file: File, declared: string | undefined): File {
  const type = declared ?? undeclaredFileType;
  return file.type === type ? file : new DeclaredFile(file, type);
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
 * A multipart/form-data body as a record of its fields (a repeated field as an array), parsed by
 * the runtime. Each file's media type is the one its part declares (not what the runtime guesses
 * from its filename); with `fileTypes`, the files of restricted fields are checked by their bytes.
 */
export async function parseMultipart(
  bytes: Uint8Array,
  contentType: string,
  fileTypes: FileTypeRules | undefined,
): Promise<Record<string, unknown>> {
  let entries: [string, unknown][];
  try {
    const parsed = await new Response(bytes, {
      headers: { "content-type": contentType },
    }).formData();
    entries = [...(parsed as unknown as Iterable<[string, unknown]>)];
  } catch {
    throw invalid("is not valid multipart/form-data");
  }
  const boundary = multipartBoundary(contentType);
  const declared = boundary === undefined ? undefined : partContentTypes(bytes, boundary);
  // Each entry is read from its part, in order: framing read differently is no form we accept.
  if (declared?.length !== entries.length) throw invalid("is not valid multipart/form-data");
  const record: Record<string, unknown> = Object.create(null);
  for (let index = 0; index < entries.length; index++) {
    const [key, raw] = entries[index] as [string, unknown];
    if (key === "__proto__") throw invalid('contains a "__proto__" field');
    const value = raw instanceof File ? asDeclared(raw, declared[index]) : raw;
    const existing = record[key];
    if (existing === undefined) record[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else record[key] = [existing, value];
  }
  if (fileTypes !== undefined) await checkFileSignatures(record, fileTypes);
  return record;
}
