const crlf = 0x0a0d; // "\r\n" read as a little-endian 16-bit value
const headEnd = Buffer.from("\r\n\r\n", "latin1");

/** The `boundary` parameter of a multipart Content-Type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const isCrlf = (bytes: Buffer, at: number) =>
  at >= 0 && at + 1 < bytes.length && bytes.readUInt16LE(at) === crlf;

/** A part's declared Content-Type, as its essence in lower case ("image/png"); undefined: none. */
function declaredType(head: string): string | undefined {
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== "content-type") continue;
    return (line.slice(colon + 1).split(";")[0] as string).trim().toLowerCase();
  }
  return undefined;
}

/**
 * The Content-Type each part of a multipart body declares, in the order of its parts (undefined
 * for a part without one), or undefined when the body's framing cannot be read. The runtime's form
 * parser gives files a type from their filename or bytes, not from their part: this reads what the
 * client declared, so a file's type is what it says it sends. Only the framing and the part heads
 * are looked at (the runtime parses the rest), with native searches over the bytes.
 */
export function partContentTypes(
  body: Uint8Array,
  boundary: string,
): (string | undefined)[] | undefined {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const next = Buffer.from(`\r\n--${boundary}`, "latin1");
  const types: (string | undefined)[] = [];
  // The first delimiter may follow a preamble; every later one starts a line.
  let at = bytes.indexOf(delimiter);
  if (at === -1 || (at > 0 && !isCrlf(bytes, at - 2))) return undefined;
  for (;;) {
    let cursor = at + delimiter.length;
    if (bytes[cursor] === 0x2d && bytes[cursor + 1] === 0x2d) return types; // the close delimiter
    while (bytes[cursor] === 0x20 || bytes[cursor] === 0x09) cursor++; // transport padding
    if (!isCrlf(bytes, cursor)) return undefined;
    cursor += 2;
    let bodyStart: number;
    if (isCrlf(bytes, cursor)) {
      types.push(undefined); // a part without any header
      bodyStart = cursor + 2;
    } else {
      const end = bytes.indexOf(headEnd, cursor);
      if (end === -1) return undefined;
      types.push(declaredType(bytes.toString("latin1", cursor, end)));
      bodyStart = end + headEnd.length;
    }
    const following = bytes.indexOf(next, bodyStart);
    if (following === -1) return undefined;
    at = following + 2;
  }
}
