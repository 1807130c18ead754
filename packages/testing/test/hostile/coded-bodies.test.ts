// Coded request bodies (`limits: { bodyEncodings: ["gzip", "deflate"] }`) against the 1 MiB body limit. The
// limit bounds both what arrives (the coded bytes, as nginx's client_max_body_size does) and what
// it decodes to (a small body inflating past the limit). 64 MiB of gzip padding that decodes to a
// few bytes was read to the end and accepted; it must be 413 after about the limit, like the same
// 64 MiB sent plain. What the server pulled is asserted, never how long it took (the CPU each
// refusal cost is printed, for the record).

import { deflateSync, gzipSync } from "node:zlib";
import { zod } from "@trellis/adapter-zod";
import { Body, Controller, createApp, Post, Returns, Route } from "@trellis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { expectProblem } from "./support/problem.js";
import { type Served, serve } from "./support/serve.js";

const mib = 1024 * 1024;
const limit = mib; // createApp's default `limits.body`
const sent = 64 * mib;

const Payload = z.object({ n: z.int() });

@Route("/coded")
class CodedController extends Controller {
  @Post()
  @Returns(200, Payload)
  echo(@Body(Payload) body: z.infer<typeof Payload>) {
    return body;
  }
}

const json = new TextEncoder().encode('{"n":1}');
// An empty, non-final stored deflate block (BFINAL 0, BTYPE 00, LEN 0, NLEN 0xFFFF): 5 bytes that
// decode to nothing. 13,107 of them fill a 65,535-byte chunk.
const padding = new Uint8Array(65_535);
for (let offset = 0; offset < padding.length; offset += 5)
  padding.set([0, 0, 0, 0xff, 0xff], offset);

/** A final stored block holding `data`. */
function finalBlock(data: Uint8Array): Uint8Array {
  const block = new Uint8Array(5 + data.length);
  block.set([
    1,
    data.length & 0xff,
    data.length >> 8,
    ~data.length & 0xff,
    (~data.length >> 8) & 0xff,
  ]);
  block.set(data, 5);
  return block;
}

function gzipTrailer(data: Uint8Array): Uint8Array {
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, Bun.hash.crc32(data) >>> 0, true);
  view.setUint32(4, data.length, true);
  return trailer;
}

function adler32(data: Uint8Array): Uint8Array {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65_521;
    b = (b + a) % 65_521;
  }
  const sum = new Uint8Array(4);
  new DataView(sum.buffer).setUint32(0, ((b << 16) | a) >>> 0);
  return sum;
}

/** What each coding wraps around the deflate blocks. */
const framing = {
  gzip: { head: new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), tail: gzipTrailer(json) },
  deflate: { head: new Uint8Array([0x78, 0x01]), tail: adler32(json) },
} as const;

type Coding = keyof typeof framing;

/**
 * A stream of `size` bytes made chunk by chunk as the server pulls: coded padding that decodes to
 * `{"n":1}` (a complete, valid body), or the same number of plain bytes. `state.pulled` counts
 * what the server took; `ended` settles once it cancelled or took everything.
 */
function producer(size: number, coding: Coding | "plain") {
  const state = { pulled: 0 };
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const plainChunk = new Uint8Array(65_535).fill(0x20); // JSON whitespace
  let stage: "head" | "body" | "tail" | "done" = "head";
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const push = (bytes: Uint8Array) => {
        state.pulled += bytes.byteLength;
        controller.enqueue(bytes.slice());
      };
      if (stage === "head") {
        stage = "body";
        return push(coding === "plain" ? json : framing[coding].head);
      }
      if (stage === "body" && state.pulled < size)
        return push(coding === "plain" ? plainChunk : padding);
      if (stage !== "done") {
        stage = "done";
        if (coding !== "plain") {
          push(finalBlock(json));
          push(framing[coding].tail);
        }
        return;
      }
      controller.close();
      end();
    },
    cancel: end,
  });
  return { stream, state, ended };
}

let served: Served;
beforeAll(() => {
  served = serve(
    createApp({
      schema: zod(),
      controllers: [CodedController],
      limits: { bodyEncodings: ["gzip", "deflate"] },
    }),
  );
});
afterAll(() => served.stop());

const post = (body: RequestInit["body"], coding?: Coding) =>
  served.request("/coded", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(coding ? { "content-encoding": coding } : {}),
    },
    body,
    duplex: "half",
  } as RequestInit);

const cpu: string[] = [];
afterAll(() => {
  if (cpu.length > 0) console.log(`coded bodies, CPU per refused 64 MiB upload: ${cpu.join("; ")}`);
});

/** Sends `size` streamed bytes; answers the response, the bytes pulled and the CPU it cost. */
async function streamed(coding: Coding | "plain", size = sent) {
  const { stream, state, ended } = producer(size, coding);
  const before = process.cpuUsage();
  const response = await post(stream, coding === "plain" ? undefined : coding);
  const text = await response.text();
  await ended;
  const used = process.cpuUsage(before);
  return { response, text, pulled: state.pulled, cpuMs: (used.user + used.system) / 1000 };
}

describe.each(["gzip", "deflate"] as const)("a %s body with limits.bodyEncodings on", (coding) => {
  it("decodes a small coded body (the route works)", async () => {
    const { response, text } = await streamed(coding, 100 * 1024);
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ n: 1 });
  });

  it("answers 413 to 64 MiB of coded padding that decodes to 7 bytes, after about the limit", async () => {
    const { response, text, pulled, cpuMs } = await streamed(coding);
    await expectProblem(new Response(text, response), 413);
    expect(JSON.parse(text).detail).toBe(`The request body is larger than ${limit} bytes.`);
    // Refused while it streamed in: the limit plus the transport's buffers, never the 64 MiB.
    expect(pulled).toBeLessThan(16 * mib);
    const plain = await streamed("plain");
    expect(plain.response.status).toBe(413);
    cpu.push(`${coding} ${cpuMs.toFixed(1)} ms, plain ${plain.cpuMs.toFixed(1)} ms`);
  }, 120_000);

  it("answers 413 to a small coded body that decodes past the limit", async () => {
    const bomb = `{"n":1,"pad":"${" ".repeat(4 * mib)}"}`;
    const coded = coding === "gzip" ? gzipSync(bomb) : deflateSync(bomb);
    expect(coded.byteLength).toBeLessThan(limit);
    const response = await post(coded, coding);
    await expectProblem(response, 413);
  });

  it("answers 413 at once to a coded body whose Content-Length is over the limit", async () => {
    const coded = new Uint8Array(limit + 1);
    const response = await post(coded, coding);
    await expectProblem(response, 413);
  });
});
