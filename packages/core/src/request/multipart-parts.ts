import { decodeUtf8 } from "../http/strict-utf8.js";
import { defaultMultipartLimits } from "../uploads/form-plan.js";
import { formInvalid, formTooLarge } from "./multipart-limits.js";
import { type PartHead, readPartHead } from "./multipart-part-head.js";
import { MultipartFramingError, MultipartScanner } from "./multipart-scanner.js";

/** The `boundary` parameter of a multipart Content-Type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** The boundary of a multipart Content-Type, or the 400 either form reader answers without one. */
export function formBoundary(contentType: string): string {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined)
    throw formInvalid("is not valid multipart/form-data: it has no boundary");
  return boundary;
}

/** A part's header block read by `readPartHead`, or the 400 either form reader answers. */
export function acceptedPartHead(text: string): PartHead {
  const head = readPartHead(text);
  if (head === undefined) throw formInvalid("has a part without a form-data name");
  if (head.name === "__proto__") throw formInvalid('contains a "__proto__" field');
  return head;
}

/** A text field's bytes as its value, or the 400 for bytes that are not UTF-8. */
export function fieldText(field: string, chunks: readonly Uint8Array[]): string {
  const text = decodeUtf8(chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks));
  if (text === undefined) throw formInvalid(`has a field "${field}" that is not UTF-8`);
  return text;
}

/** The 400 (or 413, for a head over `headerSize`) of framing the scanner could not read. */
export const framingRefusal = (error: MultipartFramingError, headerSize: number) =>
  error.reason === "head-too-large"
    ? formTooLarge(`has a part head over ${headerSize} bytes`)
    : formInvalid(`is not valid multipart/form-data: it ${error.message}`);

/** One part of a body held whole: what its head says, and its body's bytes. */
export interface WholePart {
  readonly head: PartHead;
  readonly body: Uint8Array[];
}

/**
 * The parts of a multipart body held whole in memory, read by the same scanner and part-head
 * reader as a streamed form (with the default header size), so both answer a body alike: the
 * same names, filenames and types, the same 400s (and 413 for a part head over 16 KiB).
 */
export function wholeParts(body: Uint8Array, boundary: string): WholePart[] {
  const headerSize = defaultMultipartLimits.headerSize;
  const parts: WholePart[] = [];
  let current: WholePart | undefined;
  // The scanner's views are of bytes nothing writes again: kept as they are, not copied.
  const scanner = new MultipartScanner(
    boundary,
    {
      partStart: (head) => {
        current = { head: acceptedPartHead(head), body: [] };
        parts.push(current);
      },
      partData: (bytes) => current?.body.push(bytes),
      partEnd: () => {
        current = undefined;
      },
    },
    headerSize,
  );
  try {
    scanner.feed(body);
    scanner.end();
  } catch (error) {
    if (error instanceof MultipartFramingError) throw framingRefusal(error, headerSize);
    throw error;
  }
  return parts;
}
