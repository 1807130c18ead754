import type { StoredFile } from "./stored-file.js";

/** What a sink learns about a file part before its bytes arrive. */
export interface UploadInfo {
  /** The form field. */
  readonly field: string;
  /** The name the client gave the file: text to show, never a path. */
  readonly filename: string;
  /** The media type the part declares (text/plain when it declares none). */
  readonly type: string;
}

/** One file on its way into a sink. */
export interface UploadTarget {
  /**
   * Takes the next bytes (a view the caller reuses: copy what you keep). A promise means "wait":
   * the parser reads no more of the request until it settles (backpressure).
   */
  write(bytes: Uint8Array): void | Promise<void>;
  /** All bytes were written: the stored file, as the handler receives it. */
  finish(size: number): Promise<StoredFile>;
  /** The upload failed or was refused: remove whatever was stored (never throws). */
  abort(): Promise<void>;
}

/** Where the bytes of a file field go while they arrive. */
export interface UploadSink {
  /** "memory", "disk" or "s3": for the document and for errors. */
  readonly kind: string;
  /** The largest file this sink takes, in bytes (413 past it); undefined: the field's maxSize. */
  readonly maxSize: number | undefined;
  /** Starts storing one file. */
  open(info: UploadInfo): UploadTarget | Promise<UploadTarget>;
}
