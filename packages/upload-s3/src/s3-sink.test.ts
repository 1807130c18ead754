import { createHash, randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import {
  Body,
  BodyLimit,
  Controller,
  createApp,
  Get,
  Post,
  Route,
  type StoredFile,
  serve,
} from "@trellis/core";
import type { UploadSink } from "@trellis/core/extend";
import { jsonSchemaAdapter, schema } from "@trellis/testing";
import { type RunningS3, startS3 } from "@trellis/testing/engines";
import { S3Client } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Sink } from "./index.js";

const mebibyte = 1024 * 1024;
const boundary = "trellis-s3-test";
const Form = schema({
  type: "object",
  properties: { note: { type: "string" }, doc: {} },
  required: ["doc"],
});

let s3: RunningS3;
let server: { port: number; stop(): Promise<void> };
/** The same app behind a server that cuts connections silent for a second. */
let impatient: { port: number; stop(): Promise<void> };
const logged: unknown[][] = [];

/** Files the sink began, and those it finished or aborted: equal once no upload is in flight. */
const uploads = { opened: 0, settled: 0 };

/** The sink, counting what it begins and settles (so a test knows the server side is done). */
function counted(sink: UploadSink): UploadSink {
  return {
    kind: sink.kind,
    maxSize: sink.maxSize,
    async open(info) {
      uploads.opened++;
      const target = await sink.open(info);
      const settle = <T>(work: Promise<T>) => work.finally(() => uploads.settled++);
      return {
        write: (bytes) => target.write(bytes),
        finish: (size) => settle(target.finish(size)),
        abort: () => settle(target.abort()),
      };
    },
  };
}

function app(client: S3Client) {
  @Route("/docs")
  class DocController extends Controller {
    @Post()
    @BodyLimit(64 * mebibyte)
    upload(
      @Body(Form, {
        contentType: "multipart/form-data",
        uploads: {
          doc: counted(
            s3Sink({ client, key: () => `docs/${randomUUID()}`, maxSize: 10 * mebibyte }),
          ),
        },
      })
      input: { doc: StoredFile },
    ) {
      const { doc } = input;
      return { key: doc.key, etag: doc.etag, size: doc.size, name: doc.name, type: doc.type };
    }

    @Get("/ping")
    ping() {
      return { ok: true };
    }
  }
  return createApp({
    schema: jsonSchemaAdapter(),
    controllers: [DocController],
    logger: { error: (...args: unknown[]) => logged.push(args) },
    openapi: { undeclaredResponses: "off" },
  });
}

/** The head of a multipart body whose one file part declares `size` more bytes. */
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const closing = `\r\n--${boundary}--\r\n`;

/** Sends a request by hand: its head, then `chunks` of the body; `then` decides the rest. */
function rawUpload(port: number, declared: number): { socket: Socket; response: Promise<string> } {
  const socket = connect({ port, host: "127.0.0.1" });
  socket.write(
    `POST /docs HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  // The answer, once whole (by its Content-Length) or when the server hangs up.
  const response = new Promise<string>((resolve) => {
    let text = "";
    const whole = () => {
      const end = text.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(text.slice(0, end));
      return end !== -1 && length !== null && text.length >= end + 4 + Number(length[1]);
    };
    socket.on("data", (data) => {
      text += data.toString();
      if (whole()) {
        resolve(text);
        socket.destroy();
      }
    });
    socket.on("close", () => resolve(text));
    socket.on("error", () => {});
  });
  return { socket, response };
}

function writeAll(socket: Socket, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    socket.write(bytes, (error) => (error ? reject(error) : resolve())),
  );
}

/** Polls `check` (at most 200 times, 50 ms apart) until it holds; the last result either way. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (check()) return true;
    await Bun.sleep(50);
  }
  return check();
}

/** Once every upload the server began is settled: no object and no open multipart upload. */
async function clean(): Promise<boolean> {
  await eventually(() => uploads.opened > 0 && uploads.settled === uploads.opened);
  return s3.objects().length === 0 && s3.openUploads().length === 0;
}

function start(client: S3Client, idleTimeout: number) {
  const options = {
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout,
    signals: false,
    exit: false,
  } as const;
  const running = serve(app(client), options);
  return { port: running.port as number, stop: async () => running.stop(true) };
}

beforeAll(async () => {
  s3 = await startS3();
  const client = new S3Client({ ...s3, retry: 0 } as ConstructorParameters<typeof S3Client>[0]);
  // While S3 takes a part, the request is not read: the client waits without sending. Bun cuts a
  // connection silent for idleTimeout seconds, so that must outlast S3's slowest part.
  server = start(client, 30);
  impatient = start(client, 1);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await impatient?.stop();
  await s3?.stop();
});

describe("uploads to S3 (s3rver, Bun's S3 client)", () => {
  it("streams an 8 MiB file as a multipart upload and hands the handler its key and ETag", async () => {
    const bytes = new Uint8Array(8 * mebibyte);
    for (let index = 0; index < bytes.length; index += 4096) bytes[index] = index % 251;
    const form = new FormData();
    form.append("note", "quarterly");
    form.append("doc", new File([bytes], "report.bin", { type: "application/octet-stream" }));
    const uploading = fetch(`http://127.0.0.1:${server.port}/docs`, { method: "POST", body: form });
    // Another request is answered while the upload streams.
    const ping = await fetch(`http://127.0.0.1:${server.port}/docs/ping`);
    expect(ping.status).toBe(200);
    const response = await uploading;
    const body = (await response.json()) as { key: string; etag: string; size: number };
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      size: bytes.length,
      name: "report.bin",
      type: "application/octet-stream",
    });
    expect(body.etag).toMatch(/^"?[0-9a-f]{32}(-\d+)?"?$/);
    const stored = await new S3Client({ ...s3 } as ConstructorParameters<typeof S3Client>[0])
      .file(body.key)
      .bytes();
    const digest = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
    expect(digest(stored)).toBe(digest(bytes));
    expect(s3.objects()).toEqual([body.key]);
    expect(s3.openUploads()).toEqual([]);
    await new S3Client({ ...s3 } as ConstructorParameters<typeof S3Client>[0])
      .file(body.key)
      .delete();
  });

  it("answers 413 for a file over its sink's maxSize and leaves no object and no open upload", async () => {
    const declared = 24 * mebibyte;
    const { socket, response } = rawUpload(server.port, declared);
    await writeAll(socket, Buffer.from(fileHead));
    const chunk = new Uint8Array(mebibyte);
    for (let sent = 0; sent < 20 && !socket.destroyed; sent++) {
      try {
        await writeAll(socket, chunk);
      } catch {
        break; // the server answered and closed: it read about the limit, not the whole body
      }
    }
    socket.end();
    const text = await response;
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain("application/problem+json");
    expect(await clean()).toBe(true);
  });

  it("removes what was uploaded when the client disconnects mid-upload", async () => {
    const { socket, response } = rawUpload(server.port, 30 * mebibyte);
    await writeAll(socket, Buffer.from(fileHead));
    for (let sent = 0; sent < 7; sent++) await writeAll(socket, new Uint8Array(mebibyte));
    socket.destroy();
    await response;
    expect(await clean()).toBe(true);
    expect(logged).toEqual([]); // a client's hang-up is not a server fault
  });

  it("stores a slow client's file whole, and removes it when the client then falls silent", async () => {
    const trickle = async (port: number, pieces: number, close: boolean) => {
      const size = pieces * 64 * 1024;
      const { socket, response } = rawUpload(port, fileHead.length + size + closing.length);
      try {
        await writeAll(socket, Buffer.from(fileHead));
        for (let sent = 0; sent < pieces; sent++) {
          await writeAll(socket, new Uint8Array(64 * 1024).fill(sent));
          await Bun.sleep(10);
        }
        if (close) await writeAll(socket, Buffer.from(closing));
      } catch (error) {
        // The impatient server may cut the connection sooner than the pieces end (a busy machine,
        // S3 slow to take a part so nothing is read): the cut is what that case waits for.
        if (close) throw error;
      }
      setTimeout(() => socket.end(), 2000);
      return response;
    };
    const whole = await trickle(server.port, 24, true);
    expect(whole).toMatch(/^HTTP\/1\.1 200/);
    const key = (JSON.parse(whole.slice(whole.indexOf("\r\n\r\n") + 4)) as { key: string }).key;
    expect(s3.objects()).toEqual([key]);
    await new S3Client({ ...s3 } as ConstructorParameters<typeof S3Client>[0]).file(key).delete();
    // Silent past the server's idleTimeout (1 s) before the form is complete: cut, and removed.
    await trickle(impatient.port, 24, false);
    expect(await clean()).toBe(true);
  });

  it("answers 503 with Retry-After when S3 stops mid-upload, and leaves no object at the key", async () => {
    // 9 MiB: within the sink's maxSize, so the answer is the storage failure's, not a 413.
    const { socket, response } = rawUpload(
      server.port,
      fileHead.length + 9 * mebibyte + closing.length,
    );
    await writeAll(socket, Buffer.from(fileHead));
    for (let sent = 0; sent < 6; sent++) await writeAll(socket, new Uint8Array(mebibyte));
    await s3.kill();
    try {
      for (let sent = 0; sent < 3 && !socket.destroyed; sent++)
        await writeAll(socket, new Uint8Array(mebibyte));
      await writeAll(socket, Buffer.from(closing));
    } catch {
      // the server may answer and close before the body is through
    }
    const text = await response;
    // S3 refused the connection: an engine away, the client may retry (not a fault of the request).
    expect(text).toMatch(/^HTTP\/1\.1 503/);
    expect(text).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|at \w+ \(/);
    expect(logged.length).toBe(1); // the outage is logged once
    await s3.up();
    expect(s3.objects()).toEqual([]);
    // What Bun's writer began before the stop stays open on the server (nobody could abort it
    // while it was down): an S3 operator's lifecycle rule (AbortIncompleteMultipartUpload) ends it.
    socket.destroy();
  });
});
