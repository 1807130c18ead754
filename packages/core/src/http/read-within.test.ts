import { describe, expect, it } from "vitest";
import { readWithin } from "./read-within.js";

// A stream of `chunks` that records whether it was cancelled and how many chunks were pulled.
function chunked(chunks: number[]) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const size = chunks[seen.pulled];
      seen.pulled += 1;
      if (size === undefined) controller.close();
      else controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe("readWithin", () => {
  it("hands every chunk over and answers true when the stream ends within the limit", async () => {
    const { stream, seen } = chunked([3, 4, 3]);
    const taken: number[] = [];
    expect(await readWithin(stream, 10, (chunk) => taken.push(chunk.byteLength))).toBe(true);
    expect(taken).toEqual([3, 4, 3]);
    expect(seen.cancelled).toBe(false);
  });

  it("stops at the chunk that passes the limit, cancels the stream and never hands that chunk over", async () => {
    const { stream, seen } = chunked([4, 4, 4, 4, 4]);
    const taken: number[] = [];
    expect(await readWithin(stream, 10, (chunk) => taken.push(chunk.byteLength))).toBe(false);
    expect(taken).toEqual([4, 4]);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(4); // one chunk past the limit, and what the queue pulled ahead
  });
});
