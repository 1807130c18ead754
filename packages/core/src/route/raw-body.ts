/**
 * True for a value sent as it is rather than as JSON: bytes (`Uint8Array` and other views,
 * `ArrayBuffer`), a `Blob` (`Bun.file(...)` streams from disk) or a `ReadableStream`. Plain objects
 * and arrays, the usual JSON results, are told apart by their prototype before any `instanceof`.
 */
export function isRawBody(
  value: unknown,
): value is ArrayBufferView | ArrayBuffer | Blob | ReadableStream {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) {
    return false;
  }
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    value instanceof Blob ||
    value instanceof ReadableStream
  );
}

/** The Content-Type of a string sent as text: `text/*` types say it is UTF-8. */
export function textContentType(mediaType: string): string {
  return mediaType.toLowerCase().startsWith("text/") && !/;\s*charset=/i.test(mediaType)
    ? `${mediaType}; charset=utf-8`
    : mediaType;
}
