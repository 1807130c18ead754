import { afterEach, describe, expect, it, vi } from "vitest";
import { EngineUnavailableError } from "../errors/engine-unavailable.js";
import type { PubSub, PubSubListener, PubSubReplay } from "./pubsub.js";
import { replayTimeoutMs, subscribeFrom } from "./subscribe-from.js";

/** A pub/sub whose live reader lags behind its log: the test drives both by hand. */
function laggingPubSub() {
  let listener: PubSubListener | undefined;
  let answer: ((replay: PubSubReplay) => void) | undefined;
  const pubsub: PubSub = {
    publish: () => true,
    subscribe(_topic, next) {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    replay: () => new Promise((resolve) => (answer = resolve)),
    compare: (a, b) => Number(a) - Number(b),
    status: () => ({
      engine: "test",
      connected: true,
      lostPublishes: 0,
      reconnects: 0,
      window: { maxEvents: 10, maxAgeMs: 1000 },
    }),
    close() {},
  };
  const message = (id: number) => ({ topic: "t", id: String(id), payload: `"${id}"` });
  return {
    pubsub,
    live: (id: number) => listener?.(`"${id}"`, String(id), "t"),
    answer: (ids: number[], gap?: PubSubReplay["gap"]) =>
      answer?.(gap === undefined ? { messages: ids.map(message) } : { messages: [], gap }),
    subscribed: () => listener !== undefined,
  };
}

describe("subscribeFrom", () => {
  it("delivers each id once when the live reader lags behind the replay, and when it leads", async () => {
    const engine = laggingPubSub();
    const seen: string[] = [];
    const stop = subscribeFrom(engine.pubsub, "t", "2", {
      message: (_payload, id) => seen.push(id),
      gap: () => seen.push("gap"),
      fail: () => seen.push("fail"),
    });
    engine.live(3); // held while the replay is read
    engine.answer([3, 4, 5]); // the log is further than the live reader
    await Promise.resolve();
    engine.live(4); // the reader catches up: already sent
    engine.live(5);
    engine.live(6);
    engine.live(7);
    expect(seen).toEqual(["3", "4", "5", "6", "7"]);
    stop();
    expect(engine.subscribed()).toBe(false);
  });

  it("starts from the subscription after a gap, with the held messages first", async () => {
    const engine = laggingPubSub();
    const seen: string[] = [];
    subscribeFrom(engine.pubsub, "t", "9", {
      message: (_payload, id) => seen.push(id),
      gap: (reason) => seen.push(reason),
      fail: () => seen.push("fail"),
    });
    engine.live(10);
    engine.answer([], "expired");
    await Promise.resolve();
    engine.live(10); // a lagging reader's repeat: already sent
    engine.live(11);
    expect(seen).toEqual(["expired", "10", "11"]);
  });

  describe("a replay the engine does not answer", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("fails the subscriber at its deadline, unsubscribed, naming the engine", () => {
      vi.useFakeTimers();
      const engine = laggingPubSub();
      const failures: unknown[] = [];
      subscribeFrom(engine.pubsub, "t", "9", {
        message: () => failures.push("message"),
        gap: () => failures.push("gap"),
        fail: (error) => failures.push(error),
      });
      vi.advanceTimersByTime(replayTimeoutMs - 1);
      expect(failures).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(EngineUnavailableError);
      expect((failures[0] as Error).message).toBe(`test: no replay within ${replayTimeoutMs} ms`);
      expect(engine.subscribed()).toBe(false);
      // A late answer delivers nothing more.
      engine.answer([10]);
      expect(failures).toHaveLength(1);
    });

    it("is not failed once the replay answered, nor once the subscriber stopped", async () => {
      vi.useFakeTimers();
      const answered = laggingPubSub();
      const seen: unknown[] = [];
      const handlers = {
        message: (_payload: string, id: string) => seen.push(id),
        gap: () => seen.push("gap"),
        fail: () => seen.push("fail"),
      };
      subscribeFrom(answered.pubsub, "t", "9", handlers);
      answered.answer([10]);
      await Promise.resolve();
      const stopped = laggingPubSub();
      const stop = subscribeFrom(stopped.pubsub, "t", "9", handlers);
      stop();
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(replayTimeoutMs * 2);
      expect(seen).toEqual(["10"]);
    });
  });
});
