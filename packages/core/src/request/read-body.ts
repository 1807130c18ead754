import { HttpException } from "../errors/http-exception.js";
import {
  BadRequestException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import { acceptsMediaType } from "../http/media-type.js";
import { readWithin } from "../http/read-within.js";
import { decodeUtf8 } from "../http/strict-utf8.js";
import { InvalidEncodingError, parseQuery } from "../http/url-parts.js";
import type { BodyContentType, BodyEncoding } from "../http/vocabulary.js";
import type { FormPlan } from "../uploads/form-plan.js";
import { unsafeJson } from "./json-guard.js";
import { type FileTypeRules, parseMultipart } from "./read-multipart.js";
import { readForm } from "./stream-form.js";
import { StreamedForm } from "./streamed-form.js";

/**
 * What `startBody` reads: the body's bytes as sent (after any content coding is undone), or, for
 * a text body with a Content-Length, the runtime's Blob of them (see `textOfBlob`).
 */
export type BodyContent = Uint8Array | Blob | StreamedForm;

const sizeOf = (read: Uint8Array | Blob) =>
  read instanceof Uint8Array ? read.byteLength : read.size;

/** How one route reads its body, fixed at startup. */
export interface BodyPlan {
  readonly contentType: BodyContentType;
  /** Maximum size in bytes. */
  readonly limit: number;
  /** A missing or empty body is a 400 (otherwise the handler gets undefined). */
  readonly required: boolean;
  /** Content codings decoded while reading (the limit bounds coded and decoded bytes); else 415. */
  readonly encodings?: readonly BodyEncoding[];
  /** Multipart: the file fields whose bytes must fit their declared media type. */
  readonly fileTypes?: FileTypeRules;
  /** Multipart with sinks or limits declared: streamed part by part (see `readForm`). */
  readonly form?: FormPlan;
}

const digits = /^[0-9]+$/;

const tooLarge = (limit: number) =>
  withoutStack(
    () => new PayloadTooLargeException(`The request body is larger than ${limit} bytes.`),
  );
const missing = () =>
  withoutStack(
    () =>
      new BadRequestException("The request body is required.", {
        errors: [{ in: "body", path: "", message: "is required" }],
      }),
  );
const invalid = (message: string) =>
  withoutStack(
    () =>
      new BadRequestException(`The request body ${message}.`, {
        errors: [{ in: "body", path: "", message }],
      }),
  );

/** Reads at most `limit` bytes, counting while streaming and cancelling past the limit. */
async function readBytes(request: Request, limit: number, declared: boolean): Promise<Uint8Array> {
  if (declared) {
    const bytes = await request.bytes();
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return bytes;
  }
  const stream = request.body;
  if (!stream) return new Uint8Array(0);
  return readStream(stream, limit);
}

/**
 * Passes a coded body's bytes on to the decoder until they pass `limit`, then fails with the 413
 * (which cancels the upload): what arrives is bounded as a plain body is, whatever it decodes to.
 */
function codedLimit(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limit) controller.error(tooLarge(limit));
      else controller.enqueue(chunk);
    },
  });
}

/**
 * A coded body, decoded while it streams. The limit counts both the coded bytes (64 MiB of
 * padding that decodes to nothing is cut after the limit, as nginx's client_max_body_size cuts
 * what arrives) and the decoded bytes (a small body that inflates past it, a "zip bomb", is cut
 * as soon as it does). Bytes that do not decode are a 400.
 */
async function readDecoded(request: Request, coding: BodyEncoding, limit: number) {
  const stream = request.body;
  if (!stream) return new Uint8Array(0);
  const decoded = stream
    .pipeThrough(codedLimit(limit))
    .pipeThrough(new DecompressionStream(coding) as ReadableWritablePair);
  try {
    return await readStream(decoded, limit);
  } catch (error) {
    if (error instanceof HttpException) throw error;
    throw invalid(`is not valid ${coding} data`);
  }
}

async function readStream(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const within = await readWithin(stream, limit, (chunk) => {
    chunks.push(chunk);
    total += chunk.byteLength;
  });
  if (!within) throw tooLarge(limit);
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // SyntaxError, or RangeError on absurdly deep input: either way not JSON we accept.
    throw invalid("is not valid JSON");
  }
  const problem = unsafeJson(value);
  if (problem) throw invalid(problem);
  return value;
}

// Invalid UTF-8 is a 400, never silently U+FFFD (a leading byte order mark is dropped).
function textOf(bytes: Uint8Array): string {
  const text = decodeUtf8(bytes);
  if (text === undefined) throw invalid("is not valid UTF-8");
  return text;
}

/**
 * A body Blob's text, as strictly as `textOf`. Bun decodes a body in memory at once (`peek` sees
 * the promise settled), into a compact string when it is ASCII, which also parses faster than the
 * decoder's. Every invalid sequence decodes to U+FFFD, so a text without one was valid UTF-8;
 * only a text with one (or a Blob not read yet) is decoded again from the bytes.
 */
function textOfBlob(blob: Blob): string | Promise<string> {
  const text = Bun.peek(blob.text());
  if (typeof text === "string" && !text.includes("\uFFFD")) return text;
  return blob.bytes().then(textOf, (error: unknown) => {
    throw bodyReadFailure(error);
  });
}

function parseForm(text: string): Record<string, string | string[]> {
  let record: Record<string, string | string[]>;
  try {
    record = parseQuery(text);
  } catch (error) {
    if (error instanceof InvalidEncodingError) throw invalid("is not valid UTF-8");
    throw error;
  }
  if ("__proto__" in record) throw invalid('contains a "__proto__" field');
  return record;
}

/**
 * What a failed `startBody` promise means for the client. A client that hangs up mid-body, breaks
 * the chunked framing or idles out is a bad request, not a server fault: answered as a 400 and,
 * unlike unexpected errors, never logged. (Mapped by the awaiting caller rather than with a
 * `.catch` on every body: that would cost each request one more promise.)
 */
export function bodyReadFailure(error: unknown): HttpException {
  return error instanceof HttpException
    ? error
    : withoutStack(() => new BadRequestException("The request body could not be read."));
}

// Bodies are read as sent: a coding the app did not allow is refused rather than parsed as if
// plain, which a proxy that decodes it would read differently (RFC 7694: say what is accepted).
const encoded = (plan: BodyPlan) =>
  withoutStack(
    () =>
      new UnsupportedMediaTypeException("The request body's content coding is not accepted.", {
        headers: { "accept-encoding": ["identity", ...(plan.encodings ?? [])].join(", ") },
      }),
  );

const wrongType = (plan: BodyPlan) =>
  withoutStack(
    () => new UnsupportedMediaTypeException(`The request body must be ${plan.contentType}.`),
  );

/**
 * Stage one of reading a body, synchronous: 413 by Content-Length before reading anything, 400 for
 * a required body that is absent, 415 for another media type or a content coding. Returns undefined for an absent
 * optional body, else the content being read (see `BodyContent`). With a Content-Length (which
 * the server enforces) the runtime reads the bytes natively; without one the stream is counted and
 * cancelled as soon as it passes the limit. Split from `finishBody` so a
 * route awaits exactly one promise, as a hand-written handler would. The promise rejects with
 * what `bodyReadFailure` turns into the answer.
 */
export function startBody(request: Request, plan: BodyPlan): Promise<BodyContent> | undefined {
  const headers = request.headers;
  const length = headers.get("content-length");
  const declared = length !== null && digits.test(length);
  const size = declared ? Number(length) : -1;
  if (size > plan.limit) throw tooLarge(plan.limit);
  // `request.body` is only touched without a length: creating the stream is costly in Bun.
  if (size === 0 || (!declared && request.body === null)) {
    if (plan.required) throw missing();
    return undefined;
  }
  const contentType = headers.get("content-type");
  if (contentType !== null && !acceptsMediaType(contentType, plan.contentType)) {
    throw wrongType(plan);
  }
  const multipart = plan.contentType === "multipart/form-data";
  const encoding = headers.get("content-encoding");
  const coding = encoding?.trim().toLowerCase();
  const coded = coding !== undefined && coding !== "identity";
  if (coded && !plan.encodings?.includes(coding as BodyEncoding)) throw encoded(plan);
  if (multipart && plan.form !== undefined) {
    // Declared sinks: streamed part by part; without them the whole body is read, then parsed.
    const body = request.body;
    if (body === null) throw missing();
    const stream = coded
      ? body
          .pipeThrough(codedLimit(plan.limit))
          .pipeThrough(new DecompressionStream(coding as BodyEncoding) as ReadableWritablePair)
      : body;
    return readForm(stream, contentType ?? "", plan.form, plan.limit, plan.fileTypes);
  }
  if (coded) {
    const decoded = readDecoded(request, coding as BodyEncoding, plan.limit);
    return contentType === null ? decoded.then((value) => refuseUntyped(value, plan)) : decoded;
  }
  // With a length the runtime reads the body natively, handed over as it is: decoding it in
  // `finishBody` saves the extra promise a `.then` would cost every request.
  const content: Promise<Uint8Array | Blob> =
    declared && !multipart ? request.blob() : readBytes(request, plan.limit, declared);
  // Without a Content-Type an empty body is still just a missing body (a 400, not a 415).
  if (contentType !== null) return content;
  return content.then((read) => refuseUntyped(read, plan));
}

function refuseUntyped<T extends Uint8Array | Blob>(read: T, plan: BodyPlan): T {
  if (sizeOf(read) === 0) return read;
  throw wrongType(plan);
}

/** A missing body: a 400 when the route requires one, else undefined for the handler. */
function absent(plan: BodyPlan): undefined {
  if (plan.required) throw missing();
  return undefined;
}

/**
 * Stage two: checks the size of what was read (an in-process request can carry a wrong
 * Content-Length), then decodes and parses it.
 * 400 when required but empty, malformed, too deep, or carrying prototype-polluting keys.
 * Returns a promise only for a multipart body, or a text body that must be decoded again.
 */
export function finishBody(read: BodyContent, request: Request, plan: BodyPlan): unknown {
  if (read instanceof StreamedForm) return read.record; // its limits were checked as it streamed
  if (sizeOf(read) > plan.limit) throw tooLarge(plan.limit);
  if (read instanceof Uint8Array) {
    if (plan.contentType !== "multipart/form-data") return parseText(textOf(read), plan);
    return read.byteLength === 0
      ? absent(plan)
      : parseMultipart(read, request.headers.get("content-type") ?? "", plan.fileTypes);
  }
  const text = textOfBlob(read);
  return typeof text === "string" ? parseText(text, plan) : text.then((t) => parseText(t, plan));
}

function parseText(text: string, plan: BodyPlan): unknown {
  // Empty, or nothing but a byte order mark: a missing body.
  if (text.length === 0) return absent(plan);
  return plan.contentType === "application/json" ? parseJson(text) : parseForm(text);
}
