// Bodies over the 1 MiB default limit: 413 problem+json, without reading the whole body (what the
// server pulled or let the client write is asserted, never how long it took).
import { describe, expect, it } from "vitest";
import { freshUser } from "./support/bodies.js";
import { expectNothingLogged } from "./support/expect-nothing-logged.js";
import { expectProblem, expectRawProblem } from "./support/problem.js";
import { rawExchange, requestHead } from "./support/raw-http.js";
import { serveTargets } from "./support/served-targets.js";
import { targets } from "./support/targets.js";

const served = serveTargets();
const limit = 1024 * 1024; // createApp's default `limits.body`
const mib = 1024 * 1024;

/** A valid create-user body of exactly `size` bytes (padded with an undeclared, stripped property). */
function userBodyOfSize(size: number): string {
  const user = freshUser();
  const skeleton = JSON.stringify({ ...user, pad: "" });
  return JSON.stringify({ ...user, pad: "a".repeat(size - skeleton.length) });
}

/**
 * A request body stream that produces `chunkSize`-byte chunks on demand (up to `max` bytes) and
 * records how much the server actually pulled; `ended` settles once the stream is cancelled (the
 * upload given up) or has produced all `max` bytes.
 */
function countingStream(max: number, chunkSize = 64 * 1024, prefix = '{"name":"') {
  const chunk = new Uint8Array(chunkSize).fill(0x61);
  const state = { pulled: 0 };
  let sentPrefix = false;
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentPrefix) {
        sentPrefix = true;
        const bytes = new TextEncoder().encode(prefix);
        state.pulled += bytes.byteLength;
        controller.enqueue(bytes);
        return;
      }
      if (state.pulled >= max) {
        controller.close();
        end();
        return;
      }
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel: end,
  });
  return { stream, state, ended };
}

const streamed = (body: ReadableStream<Uint8Array>) =>
  ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    duplex: "half",
  }) as RequestInit;

describe.each(targets)("body limit: $label", (target) => {
  const users = () =>
    served[target.adapter]?.users as NonNullable<(typeof served)[string]>["users"];

  it("accepts a body of exactly the limit and answers 413 one byte over (Content-Length)", async () => {
    const exact = await users().request("/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: userBodyOfSize(limit),
    });
    expect(exact.status, await exact.clone().text()).toBe(201);
    const over = await users().request("/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: userBodyOfSize(limit + 1),
    });
    const problem = await expectProblem(over, 413);
    expect(problem.title).toBe("Content Too Large");
  });

  it("accepts a chunked body of exactly the limit and answers 413 one byte over", async () => {
    const chunkedOf = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      let offset = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.byteLength) return controller.close();
          controller.enqueue(bytes.subarray(offset, offset + 100_000));
          offset += 100_000;
        },
      });
    };
    const exact = await users().request("/users", streamed(chunkedOf(userBodyOfSize(limit))));
    expect(exact.status, await exact.clone().text()).toBe(201);
    const over = await users().request("/users", streamed(chunkedOf(userBodyOfSize(limit + 1))));
    await expectProblem(over, 413);
  });

  it("answers 413 to a chunked body long before an endless producer is drained", async () => {
    const { stream, state, ended } = countingStream(512 * mib);
    const response = await users().request("/users/bulk", streamed(stream));
    await expectProblem(response, 413);
    // The upload ends (given up, or all 512 MiB drained): the server stopped reading soon after
    // the limit, so what was pulled is the limit plus the transport's buffers.
    await ended;
    expect(state.pulled).toBeLessThan(16 * mib);
  }, 120_000);

  it("answers 413 at once to a declared Content-Length over the limit, with almost no body sent", async () => {
    for (const declared of [limit + 1, 100 * mib]) {
      const exchange = await rawExchange(
        users().port,
        `${requestHead("POST", "/users", { "content-type": "application/json", "content-length": declared })}{"name":`,
      );
      // The body never comes: a server that waited for it would answer nothing before its idle
      // timeout closed the connection.
      const problem = expectRawProblem(exchange.response, 413);
      expect(problem.detail).toBe(`The request body is larger than ${limit} bytes.`);
    }
  }, 120_000);

  it("answers 413 to a raw chunked upload that never ends, long before the client is done", async () => {
    const chunk = "a".repeat(64 * 1024);
    const frame = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    let written = 0;
    const exchange = await rawExchange(
      users().port,
      requestHead("POST", "/users", {
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      }),
      {
        // Writes as fast as the server takes the bytes: only a server that stops reading stops it.
        afterConnect: (socket) => {
          const pump = () => {
            while (written < 64 * mib && !socket.destroyed) {
              written += chunk.length;
              if (!socket.write(frame)) return void socket.once("drain", pump);
            }
          };
          pump();
        },
      },
    );
    expectRawProblem(exchange.response, 413);
    // Answered while the client was still writing: 64 MiB were never all taken.
    expect(written).toBeLessThan(64 * mib);
  }, 120_000);

  it("leaves Bun's own 413 for bodies over its 128 MiB maxRequestBodySize (our code never runs)", async () => {
    const exchange = await rawExchange(
      users().port,
      requestHead("POST", "/users", {
        "content-type": "application/json",
        "content-length": 200 * mib,
      }),
      { until: "close" },
    );
    // Bun answers before any handler, without the body it never got: a bare 413 without a body,
    // and closes the connection.
    expect(exchange.response?.status).toBe(413);
    expect(exchange.response?.headers.connection).toBe("close");
    expect(exchange.response?.body).toBe("");
    expect(exchange.closedByServer).toBe(true);
  });

  it("keeps serving, and logged nothing", async () => {
    const status = (init?: RequestInit) => async () =>
      (await users().request("/users", init)).status;
    const post = (body: RequestInit["body"]): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    await expectNothingLogged(served[target.adapter]?.logger, [
      [413, status(post(userBodyOfSize(limit + 1)))],
      [413, status(streamed(countingStream(4 * mib).stream))],
      [201, status(post(userBodyOfSize(1_000)))],
      [200, status()],
    ]);
  });
});
