import { randomUUID } from "node:crypto";
import { StoredFile } from "@trellis/core";
import type { UploadInfo, UploadSink, UploadTarget } from "@trellis/core/extend";
import type { S3Client } from "bun";
import { HeadKeeper } from "./head-keeper.js";

/** Options of `s3Sink`. */
export interface S3SinkOptions {
  /** Bun's S3 client (`new Bun.S3Client({ bucket, endpoint, ... })`), or `Bun.s3`. */
  readonly client: S3Client;
  /** The object key of one file; default: a random UUID. The client's filename is only a hint. */
  readonly key?: (info: UploadInfo) => string;
  /** Bytes per multipart part (default 5 MiB, S3's smallest). Memory per upload: partSize × queueSize. */
  readonly partSize?: number;
  /** Parts uploaded at once (default 2). */
  readonly queueSize?: number;
  /** The bucket, when the client has none set (also shown in the stored file's location). */
  readonly bucket?: string;
  /** The largest file in bytes (413 past it); default: the field's maxSize, else the body limit. */
  readonly maxSize?: number;
}

const mebibyte = 1024 * 1024;

/**
 * Files streamed to S3 while they arrive, through Bun's S3 client: its writer uploads a part
 * each time one fills, and the sink waits for it, so the request is read only as fast as S3 takes
 * it and one upload holds about a part or two in memory. A failed or refused upload is removed: Bun's writer (1.4) cannot abort a
 * multipart upload, so the sink ends it and deletes the object.
 */
export function s3Sink(options: S3SinkOptions): UploadSink {
  const partSize = options.partSize ?? 5 * mebibyte;
  const queueSize = options.queueSize ?? 2;
  const bucket = options.bucket;
  return {
    kind: "s3",
    maxSize: options.maxSize,
    open(info: UploadInfo): UploadTarget {
      const key = options.key?.(info) ?? randomUUID();
      const file = options.client.file(key, bucket === undefined ? {} : { bucket });
      const writer = file.writer({ partSize, queueSize, type: info.type, retry: 1 });
      const head = new HeadKeeper();
      let buffered = 0;
      // Parts flushed and not yet taken by S3: at most queueSize, so that many upload at once.
      const flushing: Promise<unknown>[] = [];
      let ended: Promise<unknown> | undefined;
      const end = () => {
        ended ??= Promise.resolve(writer.end());
        return ended;
      };
      return {
        write(bytes) {
          head.take(bytes);
          const written = writer.write(bytes);
          buffered += bytes.byteLength;
          // Bun's writer (1.4) takes every write at once and keeps it; a flush of a full part
          // settles once S3 has it. Waiting for the oldest of queueSize flushes reads the request
          // no faster than S3 takes it, with queueSize parts uploading at once.
          if (buffered < partSize) {
            return written instanceof Promise ? written.then(() => {}) : undefined;
          }
          buffered = 0;
          const flushed = Promise.resolve(written).then(() => writer.flush());
          flushed.catch(() => {}); // awaited later (or by abort): not an unhandled rejection now
          flushing.push(flushed);
          if (flushing.length < queueSize) return undefined;
          return (flushing.shift() as Promise<unknown>).then(() => {});
        },
        async finish(size) {
          await Promise.all(flushing);
          await end();
          const stat = await file.stat();
          const remove = () =>
            file.delete().then(
              () => {},
              () => {},
            );
          return new StoredFile(file, {
            name: info.filename,
            type: info.type,
            size,
            head: head.head,
            location: { kind: "s3", bucket, key, etag: stat.etag },
            cleanup: { remove, temporary: false },
          });
        },
        async abort() {
          await Promise.allSettled(flushing);
          await end().catch(() => {});
          await file.delete().catch(() => {});
        },
      };
    },
  };
}
