import { HttpException } from "../errors/http-exception.js";
import { BadRequestException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import type { FormPlan } from "../uploads/form-plan.js";
import { memorySink } from "../uploads/memory-sink.js";
import type { UploadTarget } from "../uploads/upload-sink.js";
import { fileTooLarge, formTooLarge, UploadStorageError } from "./multipart-limits.js";
import { acceptedPartHead, fieldText, formBoundary, framingRefusal } from "./multipart-parts.js";
import { MultipartFramingError, MultipartScanner } from "./multipart-scanner.js";
import { checkFileSignatures, type FileTypeRules } from "./read-multipart.js";
import { StreamedForm } from "./streamed-form.js";

const inMemory = memorySink();

type Part =
  | {
      readonly file: true;
      readonly field: string;
      readonly target: UploadTarget;
      readonly max: number;
      readonly counted: boolean;
      size: number;
    }
  | { readonly file: false; readonly field: string; readonly chunks: Uint8Array[]; size: number };

type ScanEvent = { readonly head: string } | Uint8Array | null;

const unreadableBody = () =>
  withoutStack(() => new BadRequestException("The request body could not be read."));

/**
 * Reads a multipart/form-data body as it streams: each file part goes to its field's sink (memory
 * when none is declared), text fields are kept as strings. Every limit is checked as bytes arrive,
 * so a breach is answered (413, or 400 for framing) after about the limit was read, never the
 * whole body; the request is read only as fast as the sinks take it. On any failure every file
 * stored so far is removed before the error is thrown.
 */
export async function readForm(
  stream: ReadableStream<Uint8Array>,
  contentType: string,
  plan: FormPlan,
  limit: number,
  fileTypes: FileTypeRules | undefined,
): Promise<StreamedForm> {
  const { limits } = plan;
  const boundary = formBoundary(contentType);
  const form = new StreamedForm();
  const events: ScanEvent[] = [];
  const scanner = new MultipartScanner(
    boundary,
    {
      partStart: (head) => events.push({ head }),
      partData: (bytes) => events.push(bytes),
      partEnd: () => events.push(null),
    },
    limits.headerSize,
  );
  const reader = stream.getReader();
  let part: Part | undefined;
  let total = 0;
  let memory = 0;
  let parts = 0;
  let files = 0;
  let fields = 0;

  const hold = (count: number) => {
    memory += count;
    if (memory > limits.memory)
      throw formTooLarge(`holds more than ${limits.memory} bytes of fields and in-memory files`);
  };

  const start = async (headText: string) => {
    if (++parts > limits.parts) throw formTooLarge(`has more than ${limits.parts} parts`);
    const head = acceptedPartHead(headText);
    if (head.filename === undefined) {
      if (++fields > limits.fields) throw formTooLarge(`has more than ${limits.fields} fields`);
      part = { file: false, field: head.name, chunks: [], size: 0 };
      return;
    }
    if (++files > limits.files) throw formTooLarge(`has more than ${limits.files} files`);
    const declared = plan.sinks.get(head.name);
    const sink = declared?.sink ?? inMemory;
    const max = declared?.maxSize ?? limit;
    const target = await sink.open({
      field: head.name,
      filename: head.filename,
      type: head.contentType,
    });
    part = { file: true, field: head.name, target, max, counted: sink.kind === "memory", size: 0 };
  };

  const data = (bytes: Uint8Array): void | Promise<void> => {
    const current = part as Part;
    current.size += bytes.byteLength;
    if (!current.file) {
      if (current.size > limits.fieldSize) {
        throw formTooLarge(`has a field "${current.field}" over ${limits.fieldSize} bytes`);
      }
      hold(bytes.byteLength);
      current.chunks.push(bytes);
      return;
    }
    if (current.size > current.max) {
      throw fileTooLarge(current.field, current.max);
    }
    if (current.counted) hold(bytes.byteLength);
    return current.target.write(bytes);
  };

  const end = async () => {
    const current = part as Part;
    part = undefined;
    if (current.file) {
      form.add(current.field, await current.target.finish(current.size));
      return;
    }
    form.add(current.field, fieldText(current.field, current.chunks));
  };

  try {
    while (!scanner.done) {
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        if (error instanceof HttpException) throw error; // a coded body past the limit
        throw unreadableBody(); // the client hung up, or its framing broke: its mistake
      }
      if (read.done) break;
      total += read.value.byteLength;
      if (total > limit) throw formTooLarge(`is larger than ${limit} bytes`);
      scanner.feed(read.value);
      form.noteCarried(scanner.maxCarried);
      for (const event of events) {
        if (event === null) await end();
        else if (event instanceof Uint8Array) {
          const waiting = data(event);
          if (waiting !== undefined) await waiting;
        } else await start(event.head);
      }
      events.length = 0;
    }
    scanner.end();
    if (fileTypes !== undefined) await checkFileSignatures(form.record, fileTypes);
    return form;
  } catch (error) {
    const open = part?.file ? part.target : undefined;
    await Promise.all([open?.abort(), form.removeAll()]);
    // Cancelled only now: Bun may drop the connection with the body, before an answer is sent.
    reader.cancel().catch(() => {});
    if (error instanceof MultipartFramingError) throw framingRefusal(error, limits.headerSize);
    if (error instanceof HttpException) throw error;
    throw new UploadStorageError(error);
  }
}
