// One upload target for `pnpm bench:uploads`, as its own process (its RSS is the server's alone).
// MODE: trellis-disk | trellis-s3 (a Trellis route with a sink), raw-disk | raw-s3 (a hand-written
// Bun.serve handler writing request.body to a Bun.file / Bun.s3 writer), formdata (Bun.serve
// with request.formData(), then Bun.write). PORT, DIR, S3_ENDPOINT, S3_BUCKET, QUEUE_SIZE (the S3
// sink's parts in flight, default 2) from the env.
import "reflect-metadata";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { FileType, typebox } from "@trellis/adapter-typebox";
import { Body, BodyLimit, Controller, createApp, diskSink, Get, Post, Route } from "@trellis/core";
import type { UploadSink } from "@trellis/core/extend";
import { s3Sink } from "@trellis/upload-s3";
import { S3Client } from "bun";

const mode = process.env.MODE ?? "trellis-disk";
const dir = process.env.DIR ?? "/tmp";
const gibibyte = 1024 * 1024 * 1024;
const partSize = 5 * 1024 * 1024; // S3's smallest, the sink's default
const s3 = new S3Client({
  endpoint: process.env.S3_ENDPOINT,
  bucket: process.env.S3_BUCKET,
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
});

function trellisRoutes(sink: UploadSink) {
  const Upload = Type.Object({ doc: FileType({ maxSize: 4 * gibibyte }) });
  @Route("/")
  class UploadController extends Controller {
    @Post("upload")
    @BodyLimit(4 * gibibyte)
    upload(
      @Body(Upload, { contentType: "multipart/form-data", uploads: { doc: sink } }) input: {
        doc: File; // a StoredFile: the sink's description of where it went
      },
    ) {
      return { size: input.doc.size };
    }

    @Get("ping")
    ping() {
      return { ok: true };
    }
  }
  const app = createApp({
    schema: typebox(),
    controllers: [UploadController],
    openapi: { undeclaredResponses: "off" },
  });
  return { routes: app.routes, fetch: app.fetch };
}

/** The hand-written baselines: the whole body, as it streams, into one writer. */
async function handWritten(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/ping") return Response.json({ ok: true });
  if (mode === "formdata") {
    const form = await request.formData();
    const file = form.get("doc") as File;
    await Bun.write(join(dir, randomUUID()), file);
    return Response.json({ size: file.size });
  }
  const writer =
    mode === "raw-s3"
      ? s3.file(randomUUID()).writer({ partSize })
      : Bun.file(join(dir, randomUUID())).writer();
  let size = 0;
  for await (const chunk of request.body as ReadableStream<Uint8Array>) {
    const written = writer.write(chunk);
    if (written instanceof Promise) await written;
    size += chunk.byteLength;
  }
  await writer.end();
  return Response.json({ size });
}

const handler =
  mode === "trellis-disk"
    ? trellisRoutes(diskSink({ dir }))
    : mode === "trellis-s3"
      ? trellisRoutes(
          s3Sink({ client: s3, partSize, queueSize: Number(process.env.QUEUE_SIZE ?? 2) }),
        )
      : { fetch: handWritten };
const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  maxRequestBodySize: 4 * gibibyte,
  idleTimeout: 120,
  ...handler,
});
console.log(`ready ${server.port}`);
