// A 64 MiB multipart upload against a 1 MiB body limit, through a real Bun.serve: refused with
// 413 while it streams in (chunked, or announced by Content-Length), and the process's memory
// stays flat (nothing buffers the upload). The body is generated as it is sent, never held whole.
import { connect } from "node:net";
import { zod } from "@trellis/adapter-zod";
import { Body, createApp, Post, Route } from "@trellis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";

const mib = 1024 * 1024;
const uploadSize = 64 * mib;
const boundary = "trellis-upload-memory";

const Upload = z.object({ title: z.string(), file: z.file() });

@Route("/uploads")
class UploadController {
  @Post()
  upload(@Body(Upload, { contentType: "multipart/form-data" }) input: z.infer<typeof Upload>) {
    return { size: input.file.size };
  }
}

const app = createApp({ schema: zod(), controllers: [UploadController] });
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
});
afterAll(async () => {
  await server.stop(true);
});

const encoder = new TextEncoder();
const head = encoder.encode(
  `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbig\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
    "Content-Type: application/octet-stream\r\n\r\n",
);
const tail = encoder.encode(`\r\n--${boundary}--\r\n`);

/** A multipart body of `size` file bytes, made chunk by chunk as the reader pulls. */
function multipartStream(size: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const state = { sent: 0 };
  let stage = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) {
        stage = 1;
        controller.enqueue(head.slice());
      } else if (state.sent < size) {
        state.sent += chunk.byteLength;
        controller.enqueue(chunk.slice());
      } else if (stage === 1) {
        stage = 2;
        controller.enqueue(tail.slice());
      } else controller.close();
    },
  });
  return { stream, state };
}

const settle = async () => {
  Bun.gc(true);
  await Bun.sleep(50);
  Bun.gc(true);
  return process.memoryUsage().rss;
};

/**
 * Runs `work` while sampling the process's RSS, and answers its result with the peak growth over
 * the settled RSS before it (memory freed after the fact would hide a buffered upload).
 */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = await settle();
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 2);
  try {
    const result = await work();
    sample();
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

describe("a 64 MiB upload against a 1 MiB limit, through Bun.serve", () => {
  const url = () => `http://127.0.0.1:${server.port}/uploads`;

  it("accepts a small upload (the route works)", async () => {
    const form = new FormData();
    form.set("title", "small");
    form.set("file", new File([new Uint8Array(1000)], "small.bin"));
    const response = await fetch(url(), { method: "POST", body: form });
    expect(await response.json()).toEqual({ size: 1000 });
  });

  it("answers 413 to a chunked upload while it streams in, and memory stays flat", async () => {
    const { stream, state } = multipartStream(uploadSize);
    const { result: response, growth } = await peakGrowth(async () => {
      const answer = await fetch(url(), {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: stream,
        duplex: "half",
      } as RequestInit);
      await answer.clone().text();
      return answer;
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    stream.cancel().catch(() => {});
    // Refused long before the end: what was pulled is the limit plus the transport's buffers.
    expect(state.sent).toBeLessThan(uploadSize);
    expect(growth).toBeLessThan(32 * mib);
  });

  it("answers 413 to an upload announced by Content-Length, and memory stays flat", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    const headText =
      "POST /uploads HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.byteLength + uploadSize + tail.byteLength}\r\n\r\n`;
    const exchange = () =>
      new Promise<{ status: number; written: number }>((resolve, reject) => {
        const socket = connect(server.port as number, "127.0.0.1");
        let received = "";
        let written = 0;
        // Writes the body as fast as the server takes it, until it answers or hangs up.
        const pump = () => {
          while (written < uploadSize && !socket.destroyed) {
            written += chunk.byteLength;
            if (!socket.write(chunk)) return void socket.once("drain", pump);
          }
        };
        socket.on("connect", () => {
          socket.write(headText);
          socket.write(head);
          pump();
        });
        socket.on("data", (data) => {
          received += data.toString("latin1");
          if (received.includes("\r\n\r\n")) {
            socket.destroy();
            resolve({ status: Number(received.split(" ")[1]), written });
          }
        });
        socket.on("error", () => {});
        socket.on("close", () => {
          if (!received) reject(new Error("closed without an answer"));
        });
      });
    const { result, growth } = await peakGrowth(exchange);
    expect(result.status).toBe(413);
    expect(result.written).toBeLessThan(uploadSize);
    expect(growth).toBeLessThan(32 * mib);
  });

  it("keeps serving afterwards", async () => {
    const form = new FormData();
    form.set("title", "again");
    form.set("file", new File([new Uint8Array(10)], "again.bin"));
    const response = await fetch(url(), { method: "POST", body: form });
    expect(response.status).toBe(200);
  });
});
