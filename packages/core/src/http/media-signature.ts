/**
 * The media types whose files Trellis recognises by their first bytes, with those bytes: where a
 * file field restricts its media types, a file of one of these types must start with its
 * signature, and a file that starts with one must be declared as its type.
 */
const signatures: readonly (readonly [type: string, test: (bytes: Uint8Array) => boolean])[] = [
  ["image/png", (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ["image/jpeg", (b) => starts(b, [0xff, 0xd8, 0xff])],
  ["image/gif", (b) => starts(b, ascii("GIF87a")) || starts(b, ascii("GIF89a"))],
  ["image/webp", (b) => starts(b, ascii("RIFF")) && starts(b.subarray(8), ascii("WEBP"))],
  ["application/pdf", (b) => starts(b, ascii("%PDF-"))],
];

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

function starts(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (bytes[index] !== prefix[index]) return false;
  }
  return true;
}

/** The media types recognised by their signature: PNG, JPEG, GIF, WebP and PDF. */
export const signedMediaTypes: readonly string[] = signatures.map(([type]) => type);

/** How many leading bytes `mediaTypeFromSignature` needs to look at. */
export const signatureLength = 12;

/**
 * The media type the bytes' signature says (PNG, JPEG, GIF, WebP or PDF), or undefined for bytes
 * of no type in that list. Give it the first `signatureLength` bytes or more.
 *
 * @example
 * mediaTypeFromSignature(new Uint8Array(await file.slice(0, 12).arrayBuffer())); // "image/png"
 */
export function mediaTypeFromSignature(bytes: Uint8Array): string | undefined {
  for (const [type, test] of signatures) if (test(bytes)) return type;
  return undefined;
}
