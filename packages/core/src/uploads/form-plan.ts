import type { UploadSink } from "./upload-sink.js";

/** Limits of a streamed multipart form, each checked as its bytes arrive (`@Body` `multipart`). */
export interface MultipartLimits {
  /** Parts of any kind (default 1000). */
  readonly parts?: number;
  /** File parts (default 100). */
  readonly files?: number;
  /** Text fields (default 1000). */
  readonly fields?: number;
  /** Bytes of one text field's value (default 1 MiB). */
  readonly fieldSize?: number;
  /** Bytes of one part's header block (default 16 KiB). */
  readonly headerSize?: number;
  /** Bytes held in memory at once: text fields and files without another sink (default 1 MiB). */
  readonly memory?: number;
}

const mebibyte = 1024 * 1024;

/** busboy's and @fastify/multipart's limits where they bound anything, and bounds where not. */
export const defaultMultipartLimits: Required<MultipartLimits> = {
  parts: 1000,
  files: 100,
  fields: 1000,
  fieldSize: mebibyte,
  headerSize: 16 * 1024,
  memory: mebibyte,
};

/** How one route streams its multipart body, fixed at startup. */
export interface FormPlan {
  /** The sink of each file field that declares one, with its largest file in bytes (if known). */
  readonly sinks: ReadonlyMap<string, { readonly sink: UploadSink; readonly maxSize?: number }>;
  readonly limits: Required<MultipartLimits>;
}
