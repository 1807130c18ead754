import { copy, isObject, type SchemaObject } from "./schema-dialect-shared.js";

// A file field, as every adapter describes it: `{ type: "string", format: "binary" }` (Zod adds
// `contentEncoding: "binary"`), its size limit as `maxLength` and its media types as
// `contentMediaType`, or, for several, as `anyOf` members that each hold only `contentMediaType`.

/** Keywords of a file node that describe the file itself; the dialect writes them its own way. */
const fileKeywords = new Set(["type", "format", "contentEncoding", "contentMediaType", "anyOf"]);

const isMediaTypeMember = (member: unknown): member is { contentMediaType: string } =>
  isObject(member) &&
  typeof member.contentMediaType === "string" &&
  Object.keys(member).length === 1;

/** A file node's type also admits null (an optional class-validator field). */
const admitsNull = (node: SchemaObject): boolean =>
  Array.isArray(node.type) && node.type.includes("null");

/** Whether a schema node describes one uploaded file (or null). */
export function isFileSchema(node: unknown): boolean {
  if (!isObject(node)) return false;
  const type = node.type;
  const string =
    type === "string" ||
    (Array.isArray(type) &&
      type.includes("string") &&
      type.every((t) => t === "string" || t === "null"));
  return string && (node.format === "binary" || node.contentEncoding === "binary");
}

/** The media types a file node accepts (empty: any). */
export function fileMediaTypes(node: SchemaObject): string[] {
  if (typeof node.contentMediaType === "string") return [node.contentMediaType];
  const members = node.anyOf ?? node.oneOf;
  if (Array.isArray(members) && members.length > 0 && members.every(isMediaTypeMember)) {
    return members.map((member) => member.contentMediaType);
  }
  return [];
}

/** The other keywords of a file node (description, maxLength, x-...), copied. */
function rest(node: SchemaObject, keep: (key: string) => boolean): SchemaObject {
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (fileKeywords.has(key) || !keep(key)) continue;
    if (key === "oneOf" && fileMediaTypes(node).length > 0) continue;
    out[key] = copy(value);
  }
  return out;
}

/**
 * A file in OpenAPI 3.0: `type: string, format: binary` (the media types go to the request body's
 * `encoding`, which 3.0's Schema Object has no keyword for).
 */
export function fileSchema30(node: SchemaObject, keep: (key: string) => boolean): SchemaObject {
  const nullable = admitsNull(node) ? { nullable: true } : {};
  return { type: "string", format: "binary", ...nullable, ...rest(node, keep) };
}

/**
 * A file in OpenAPI 3.1 and later: `contentMediaType` instead of 3.0's `format: binary` (the one
 * declared media type, else `application/octet-stream`: any bytes).
 */
export function fileSchema31(node: SchemaObject): SchemaObject {
  const types = fileMediaTypes(node);
  const contentMediaType = types.length === 1 ? types[0] : "application/octet-stream";
  const type = admitsNull(node) ? ["string", "null"] : "string";
  return { type, contentMediaType, ...rest(node, () => true) };
}
