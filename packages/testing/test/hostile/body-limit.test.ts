// Bodies over the 1 MiB default limit: 413 problem+json, promptly, without reading the whole body.
import { describe, expect, it } from "vitest";
import { freshUser } from "./support/bodies.js";
import { expectProblem, expectRawProblem } from "./support/problem.js";
import { rawExchange, requestHead } from "./support/raw-http.js";
import { logLines } from "./support/recording-logger.js";
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
 * records how much the server actually pulled.
 */
function countingStream(max: number, chunkSize = 64 * 1024, prefix = '{"name":"') {
  const chunk = new Uint8Array(chunkSize).fill(0x61);
  const state = { pulled: 0 };
  let sentPrefix = false;
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
        return;
      }
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
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
    const { stream, state } = countingStream(512 * mib);
    const started = performance.now();
    const response = await users().request("/users/bulk", streamed(stream));
    await expectProblem(response, 413);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The server stopped reading soon after the limit: what was pulled is the limit plus buffers.
    await Bun.sleep(200);
    expect(state.pulled).toBeLessThan(16 * mib);
  });

  it("answers 413 at once to a declared Content-Length over the limit, with almost no body sent", async () => {
    for (const declared of [limit + 1, 100 * mib]) {
      const exchange = await rawExchange(
        users().port,
        `${requestHead("POST", "/users", { "content-type": "application/json", "content-length": declared })}{"name":`,
        { timeoutMs: 3_000 },
      );
      const problem = expectRawProblem(exchange.response, 413);
      expect(problem.detail).toBe(`The request body is larger than ${limit} bytes.`);
      // It did not wait for the body (which never comes): the answer came long before any timeout.
      expect(exchange.responseMs).toBeLessThan(1_000);
    }
  });

  it("answers 413 promptly to a raw chunked upload that never ends", async () => {
    const chunk = "a".repeat(64 * 1024);
    let written = 0;
    const exchange = await rawExchange(
      users().port,
      requestHead("POST", "/users", {
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      }),
      {
        timeoutMs: 5_000,
        afterConnect: (socket) => {
          const timer = setInterval(() => {
            if (socket.destroyed || written > 64 * mib) return clearInterval(timer);
            socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
            written += chunk.length;
          }, 2);
        },
      },
    );
    expectRawProblem(exchange.response, 413);
    expect(exchange.responseMs).toBeLessThan(2_000);
    expect(written).toBeLessThan(64 * mib);
  });

  it("leaves Bun's own 413 for bodies over its 128 MiB maxRequestBodySize (our code never runs)", async () => {
    const exchange = await rawExchange(
      users().port,
      requestHead("POST", "/users", {
        "content-type": "application/json",
        "content-length": 200 * mib,
      }),
      { until: "close", timeoutMs: 3_000 },
    );
    // Bun answers before any handler: a bare 413 without a body, and closes the connection.
    expect(exchange.response?.status).toBe(413);
    expect(exchange.response?.headers.connection).toBe("close");
    expect(exchange.response?.body).toBe("");
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(1_000);
  });

  it("keeps serving after all of that", async () => {
    const response = await users().request("/users");
    expect(response.status).toBe(200);
    expect(logLines(served[target.adapter]?.logger)).toEqual([]);
  });
});
