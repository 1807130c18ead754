import { StoredFile } from "./stored-file.js";
import type { UploadInfo, UploadSink, UploadTarget } from "./upload-sink.js";

/** Options of `memorySink`. */
export interface MemorySinkOptions {
  /** The largest file in bytes (413 past it); default: the field's maxSize, else the body limit. */
  readonly maxSize?: number;
}

const headSize = 16;

/** The first `headSize` bytes of a file as they stream past (for the media signature check). */
export class HeadKeeper {
  private bytes = new Uint8Array(headSize);
  private length = 0;

  take(chunk: Uint8Array): void {
    if (this.length >= headSize) return;
    const count = Math.min(headSize - this.length, chunk.byteLength);
    this.bytes.set(chunk.subarray(0, count), this.length);
    this.length += count;
  }

  get head(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * Files kept in memory, as without a sink: for small files only. Their bytes count against the
 * form's `memory` limit with its text fields, so a request cannot hold more than that at once.
 */
export function memorySink(options: MemorySinkOptions = {}): UploadSink {
  return {
    kind: "memory",
    maxSize: options.maxSize,
    open(info: UploadInfo): UploadTarget {
      const chunks: Uint8Array[] = [];
      const head = new HeadKeeper();
      return {
        write(bytes) {
          head.take(bytes);
          chunks.push(bytes.slice());
        },
        async finish(size) {
          const blob = new Blob(chunks as unknown as ConstructorParameters<typeof Blob>[0]);
          chunks.length = 0;
          return new StoredFile(blob, {
            name: info.filename,
            type: info.type,
            size,
            head: head.head,
            location: { kind: "memory" },
          });
        },
        async abort() {
          chunks.length = 0;
        },
      };
    },
  };
}
