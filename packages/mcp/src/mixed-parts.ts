/** One part of a `multipart/mixed` body: its media type, `Content-Location` and bytes. */
export interface MixedPart {
  readonly type: string;
  readonly location: string | undefined;
  readonly bytes: Uint8Array;
}

const crlf = Buffer.from("\r\n\r\n");

/**
 * The parts of a `multipart/mixed` body (RFC 2046), or undefined when it has no boundary or does
 * not parse: the answer is then treated as one block of bytes.
 */
export function mixedParts(contentType: string, body: Uint8Array): MixedPart[] | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) return undefined;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MixedPart[] = [];
  let at = bytes.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    const start = at + delimiter.length;
    if (bytes.subarray(start, start + 2).toString() === "--") return parts; // the close delimiter
    const next = bytes.indexOf(delimiter, start);
    if (next < 0) return undefined;
    const part = bytes.subarray(start, next);
    const split = part.indexOf(crlf);
    if (split < 0) return undefined;
    const head = part.subarray(0, split).toString("latin1");
    // The CRLF before the next delimiter belongs to the delimiter.
    const end = part.length >= 2 && part.subarray(part.length - 2).toString() === "\r\n" ? 2 : 0;
    const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(head)?.[1]?.trim();
    parts.push({
      type: (header("content-type") ?? "text/plain").split(";")[0]?.trim().toLowerCase() ?? "",
      location: header("content-location"),
      bytes: new Uint8Array(part.subarray(split + crlf.length, part.length - end)),
    });
    at = next;
  }
}
