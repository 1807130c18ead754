import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpException } from "../errors/http-exception.js";
import { diskSink } from "../uploads/disk-sink.js";
import {
  defaultMultipartLimits,
  type FormPlan,
  type MultipartLimits,
} from "../uploads/form-plan.js";
import type { StoredFile } from "../uploads/stored-file.js";
import type { UploadSink } from "../uploads/upload-sink.js";
import { readForm } from "./stream-form.js";

const contentType = "multipart/form-data; boundary=bnd";
const mebibyte = 1024 * 1024;

const fieldPart = (name: string, value: string) =>
  `--bnd\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string, type = "application/octet-stream") =>
  `--bnd\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;

/** A body streamed in `chunk`-byte pieces, pulled on demand; `pulled` counts bytes handed out. */
function pulledStream(pieces: (string | Uint8Array)[], chunk = 64 * 1024) {
  const bytes = Buffer.concat(
    pieces.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)),
  );
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= bytes.length) return controller.close();
        const next = bytes.subarray(counter.pulled, counter.pulled + chunk);
        counter.pulled += next.length;
        controller.enqueue(new Uint8Array(next));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter, size: bytes.length };
}

/** A stream that yields `size` bytes of one file part, lazily, without ever ending the form. */
function endlessFile(field: string, size: number, chunk = 64 * 1024) {
  const head = Buffer.from(fileHead(field, "big.bin"));
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = counter.pulled === 0 ? head : new Uint8Array(chunk).fill(0x61);
        counter.pulled += piece.length;
        if (counter.pulled > size) return controller.close();
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

const plan = (sinks: Record<string, UploadSink> = {}, limits: MultipartLimits = {}): FormPlan => ({
  sinks: new Map(
    Object.entries(sinks).map(([field, sink]) => [
      field,
      { sink, ...(sink.maxSize ? { maxSize: sink.maxSize } : {}) },
    ]),
  ),
  limits: { ...defaultMultipartLimits, ...limits },
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; detail: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException)
      return { status: error.status, detail: String(error.message) };
    throw error;
  }
  throw new Error("expected a refusal");
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "trellis-form-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("readForm", () => {
  it("streams a file to disk under a random name, keeps fields, and carries little", async () => {
    const payload = new Uint8Array(3 * mebibyte + 7).fill(0x5a);
    const { stream } = pulledStream(
      [
        fieldPart("caption", "At the lake"),
        fileHead("doc", "../../etc/passwd", "text/csv"),
        payload,
        "\r\n--bnd--\r\n",
      ],
      7919,
    );
    const form = await readForm(
      stream,
      contentType,
      plan({ doc: diskSink({ dir }) }),
      64 * mebibyte,
      undefined,
    );
    expect(form.record.caption).toBe("At the lake");
    const file = form.record.doc as StoredFile;
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.type, file.size]).toEqual([
      "../../etc/passwd",
      "text/csv",
      payload.length,
    ]);
    // The client's filename never reaches the path: a random name inside the sink's folder.
    expect(dirname(file.path as string)).toBe(dir);
    expect(file.path).not.toContain("passwd");
    expect((await file.bytes()).every((byte) => byte === 0x5a)).toBe(true);
    expect(form.maxCarried).toBeLessThan(64);
    await form.removeAll();
    expect(await readdir(dir)).toEqual([]);
  });

  it("answers 413 for a file over its sink's maxSize after reading about the limit, and removes it", async () => {
    const { stream, counter } = endlessFile("doc", 64 * mebibyte);
    const refused = await refusal(
      readForm(
        stream,
        contentType,
        plan({ doc: diskSink({ dir, maxSize: mebibyte }) }),
        128 * mebibyte,
        undefined,
      ),
    );
    expect(refused.status).toBe(413);
    expect(refused.detail).toContain('"doc"');
    expect(counter.pulled).toBeLessThan(mebibyte + 3 * 64 * 1024);
    expect(await readdir(dir)).toEqual([]);
  });

  it("answers 413 once the whole body passes the request limit", async () => {
    const { stream, counter } = endlessFile("doc", 64 * mebibyte);
    const refused = await refusal(
      readForm(stream, contentType, plan({ doc: diskSink({ dir }) }), 2 * mebibyte, undefined),
    );
    expect(refused.status).toBe(413);
    expect(counter.pulled).toBeLessThan(2 * mebibyte + 3 * 64 * 1024);
    expect(await readdir(dir)).toEqual([]);
  });

  it("counts parts, files, fields, field bytes, memory and part heads as they arrive", async () => {
    const cases: [MultipartLimits, string[]][] = [
      [{ parts: 2 }, [fieldPart("a", "1"), fieldPart("b", "2"), fieldPart("c", "3")]],
      [{ fields: 1 }, [fieldPart("a", "1"), fieldPart("b", "2")]],
      [{ files: 1 }, [fileHead("f", "1"), "x\r\n", fileHead("f", "2"), "y\r\n"]],
      [{ fieldSize: 4 }, [fieldPart("a", "12345")]],
      [{ memory: 6 }, [fieldPart("a", "1234"), fieldPart("b", "5678")]],
      [
        { headerSize: 64 },
        [
          `--bnd\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(80)}\r\n\r\nv\r\n`,
        ],
      ],
    ];
    for (const [limits, parts] of cases) {
      const { stream } = pulledStream([...parts, "--bnd--\r\n"], 16);
      const refused = await refusal(
        readForm(stream, contentType, plan({}, limits), mebibyte, undefined),
      );
      expect([Object.keys(limits)[0], refused.status]).toEqual([Object.keys(limits)[0], 413]);
    }
  });

  it("answers 400 for framing it cannot read, and removes files stored before it", async () => {
    const malformed = [
      [fileHead("doc", "a.bin"), "bytes\r\n", fieldPart("a", "1")], // no closing delimiter
      [
        fileHead("doc", "a.bin"),
        "bytes\r\n",
        "--bnd\r\nContent-Type: text/plain\r\n\r\nv\r\n--bnd--",
      ], // no name
      [
        fileHead("doc", "a.bin"),
        "bytes\r\n",
        "--bnd\r\nContent-Disposition: attachment; name=a\r\n\r\nv\r\n--bnd--",
      ],
      [fileHead("doc", "a.bin"), "bytes\r\n", "--bndX\r\n"],
    ];
    for (const pieces of malformed) {
      const { stream } = pulledStream(pieces, 5);
      const refused = await refusal(
        readForm(stream, contentType, plan({ doc: diskSink({ dir }) }), mebibyte, undefined),
      );
      expect(refused.status).toBe(400);
    }
    expect(
      (
        await refusal(
          readForm(pulledStream(["x"]).stream, "multipart/form-data", plan(), 10, undefined),
        )
      ).status,
    ).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it("answers 400 when the client hangs up mid-file, and removes the partial file", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(Buffer.from(fileHead("doc", "a.bin")));
        else if (sent < 5) controller.enqueue(new Uint8Array(100_000));
        else controller.error(new Error("connection reset"));
      },
    });
    const refused = await refusal(
      readForm(stream, contentType, plan({ doc: diskSink({ dir }) }), 64 * mebibyte, undefined),
    );
    expect(refused.status).toBe(400);
    expect(await readdir(dir)).toEqual([]);
  });

  it("reads no further while a sink is busy: at most one chunk ahead of what was written", async () => {
    const { stream, counter } = endlessFile("doc", 2 * mebibyte, 16 * 1024);
    let written = 0;
    let mostAhead = 0;
    const slow: UploadSink = {
      kind: "test",
      maxSize: undefined,
      open: () => ({
        write: async (bytes) => {
          mostAhead = Math.max(mostAhead, counter.pulled - written);
          await new Promise((resolve) => setTimeout(resolve, 1));
          written += bytes.byteLength;
        },
        finish: async () => {
          throw new Error("not reached");
        },
        abort: async () => {},
      }),
    };
    const refused = await refusal(
      readForm(stream, contentType, plan({ doc: slow }), 64 * mebibyte, undefined),
    );
    expect(refused.status).toBe(400); // the endless part has no closing delimiter
    expect(written).toBeGreaterThan(mebibyte);
    // Bytes pulled but not yet written: the part head plus the chunk being written.
    expect(mostAhead).toBeLessThanOrEqual(16 * 1024 + 256);
  });
});
