import { randomUUID } from "node:crypto";
import { mkdir, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HeadKeeper } from "./memory-sink.js";
import { StoredFile } from "./stored-file.js";
import type { UploadInfo, UploadSink, UploadTarget } from "./upload-sink.js";

/** Options of `diskSink`. */
export interface DiskSinkOptions {
  /**
   * The folder files are written to, created if missing; such files are kept once the handler
   * answers with success (the handler owns them). Without it, files go to a folder under the
   * system's temporary folder and are removed when the response is made, whatever it is.
   */
  readonly dir?: string;
  /** The largest file in bytes (413 past it); default: the field's maxSize, else the body limit. */
  readonly maxSize?: number;
}

/** Bytes buffered before they are written to the file: what one upload holds in memory. */
const flushEvery = 1024 * 1024;

const removeQuietly = (path: string) => unlink(path).catch(() => {});

/**
 * Files written to disk while they arrive, under a random name (the client's filename is never
 * part of a path): memory stays bounded by one flush buffer per upload, whatever the file's size.
 */
export function diskSink(options: DiskSinkOptions = {}): UploadSink {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? join(tmpdir(), "trellis-uploads");
  let ready: Promise<unknown> | undefined;
  return {
    kind: "disk",
    maxSize: options.maxSize,
    async open(info: UploadInfo): Promise<UploadTarget> {
      ready ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const path = join(dir, randomUUID());
      const writer = Bun.file(path).writer({ highWaterMark: flushEvery });
      const head = new HeadKeeper();
      let ended = false;
      const end = async () => {
        if (ended) return;
        ended = true;
        await writer.end();
      };
      return {
        write(bytes) {
          head.take(bytes);
          // Bun's file writer writes its buffer out once it passes highWaterMark, and answers a
          // promise when the file cannot take more yet: waited for, so memory stays bounded.
          // (Awaiting a flush of every MiB instead cost a trip through the event loop each.)
          const written = writer.write(bytes);
          return written instanceof Promise ? written.then(() => {}) : undefined;
        },
        async finish(size) {
          await end();
          return new StoredFile(Bun.file(path), {
            name: info.filename,
            type: info.type,
            size,
            head: head.head,
            location: { kind: "disk", path },
            cleanup: { remove: () => removeQuietly(path), temporary },
          });
        },
        async abort() {
          await end().catch(() => {});
          await removeQuietly(path);
        },
      };
    },
  };
}
