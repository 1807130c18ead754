import { describe, expect, it, vi } from "vitest";
import { PublishQueue, type QueuedPublish } from "./publish-queue.js";

/** An engine that fails the sends it is told to, and records each batch it was sent. */
function engine(failures: number) {
  const sends: number[][] = [];
  const stored: string[] = [];
  let left = failures;
  let up = true;
  return {
    sends,
    stored,
    setUp(value: boolean) {
      up = value;
    },
    target: {
      engine: "test",
      connected: () => up,
      async send(batch: readonly QueuedPublish[]) {
        sends.push(batch.map((item) => item.seq));
        if (left-- > 0) throw new Error("refused");
        for (const item of batch) stored.push(item.payload);
      },
    },
  };
}

const logger = () => {
  const lines: string[] = [];
  return {
    lines,
    log: () => ({ error: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) }),
  };
};

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("PublishQueue", () => {
  it("sends the publishes of one tick in one batch, and a failed batch again with the same seqs, in order", async () => {
    const target = engine(2);
    const { lines, log } = logger();
    const queue = new PublishQueue({ maxEvents: 100, maxAgeMs: 60_000 }, target.target, log);
    for (let n = 1; n <= 3; n++) expect(queue.push("t", String(n))).toBe(true);
    await until(() => target.stored.length === 3);
    queue.push("t", "4");
    await until(() => target.stored.length === 4);
    expect(target.sends).toEqual([[1, 2, 3], [1, 2, 3], [1, 2, 3], [4]]);
    expect(target.stored).toEqual(["1", "2", "3", "4"]);
    expect(queue.lost).toBe(0);
    expect(lines.some((line) => line.includes("holding them"))).toBe(true);
    expect(lines.some((line) => line.includes("3 held publishes were sent in order, 0"))).toBe(
      true,
    );
    await queue.close(1000);
  });

  it("refuses past maxEvents, drops what waited past maxAgeMs, and counts what close leaves", async () => {
    const target = engine(0);
    target.setUp(false);
    const { lines, log } = logger();
    const queue = new PublishQueue({ maxEvents: 2, maxAgeMs: 60_000 }, target.target, log);
    expect([queue.push("t", "1"), queue.push("t", "2"), queue.push("t", "3")]).toEqual([
      true,
      true,
      false,
    ]);
    expect({ size: queue.size, lost: queue.lost }).toEqual({ size: 2, lost: 1 });
    await queue.close(1000);
    expect({ size: queue.size, lost: queue.lost }).toEqual({ size: 0, lost: 3 });
    expect(queue.push("t", "4")).toBe(false);
    expect(target.sends).toEqual([]);
    expect(lines.some((line) => line.includes('2 publishes (to "t", ...)'))).toBe(true);

    const aging = new PublishQueue({ maxEvents: 10, maxAgeMs: 50 }, target.target, log);
    aging.push("t", "1");
    await until(() => aging.lost === 1);
    expect(aging.size).toBe(0);
    await aging.close(0);
  });

  it("tells its target of each failed send and of a send that had no answer within 5 s", async () => {
    const failures: string[] = [];
    let answer: (() => void) | undefined;
    let calls = 0;
    const target = {
      engine: "test",
      connected: () => true,
      send() {
        calls++;
        if (calls === 1) return Promise.reject(new Error("refused"));
        // The second send stalls (a server that keeps its socket and answers nothing); the third stores.
        if (calls === 2) return new Promise<void>(() => {});
        return new Promise<void>((resolve) => (answer = resolve));
      },
      failed: (error: unknown) => failures.push((error as Error).message),
    };
    vi.useFakeTimers();
    try {
      const queue = new PublishQueue({ maxEvents: 10, maxAgeMs: 60_000 }, target, logger().log);
      queue.push("t", "1");
      await vi.advanceTimersByTimeAsync(0);
      expect(failures).toEqual(["refused"]);
      await vi.advanceTimersByTimeAsync(50); // the backoff, then the stalled send
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(4999);
      expect(failures).toEqual(["refused"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(failures).toEqual(["refused", "test: no answer within 5000 ms"]);
      await vi.advanceTimersByTimeAsync(100);
      expect(calls).toBe(3);
      answer?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.size).toBe(0);
      expect(failures).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
