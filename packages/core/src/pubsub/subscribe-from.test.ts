import { afterEach, describe, expect, it, vi } from "vitest";
import { EngineUnavailableError } from "../errors/engine-unavailable.js";
import type { PubSub, PubSubListener, PubSubReplay } from "./pubsub.js";
import { replayTimeoutMs, subscribeFrom } from "./subscribe-from.js";

/** A pub/sub whose live reader lags behind its log: the test drives both by hand. */
function laggingPubSub() {
  let listener: PubSubListener | undefined;
  let answer: ((replay: PubSubReplay) => void) | undefined;
  let refuse: ((error: unknown) => void) | undefined;
  const pubsub: PubSub = {
    publish: () => true,
    subscribe(_topic, next) {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    replay: () =>
      new Promise((resolve, reject) => {
        answer = resolve;
        refuse = reject;
      }),
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
    refuse: (error: unknown) => refuse?.(error),
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

  /** Subscribes after `after`, recording what the handlers see. */
  function resume(engine: ReturnType<typeof laggingPubSub>, after: string) {
    const seen: string[] = [];
    const failures: unknown[] = [];
    const stop = subscribeFrom(engine.pubsub, "t", after, {
      message: (_payload, id) => seen.push(id),
      gap: (reason) => seen.push(reason),
      fail: (error) => failures.push(error),
    });
    return { seen, failures, stop };
  }

  it("delivers the held messages newer than the replay once, after it, and none it sent", async () => {
    const engine = laggingPubSub();
    const { seen } = resume(engine, "2");
    engine.live(4); // held, and in the replay too
    engine.live(6); // held, newer than the replay
    engine.answer([3, 4]);
    await Promise.resolve();
    engine.live(7);
    expect(seen).toEqual(["3", "4", "6", "7"]);
  });

  it("delivers every held message after a gap, none twice", async () => {
    const engine = laggingPubSub();
    const { seen } = resume(engine, "9");
    engine.live(10);
    engine.live(11);
    engine.answer([], "expired");
    await Promise.resolve();
    expect(seen).toEqual(["expired", "10", "11"]);
  });

  it("stops delivering held messages when a handler stops the subscription", async () => {
    const engine = laggingPubSub();
    const seen: string[] = [];
    const stop: () => void = subscribeFrom(engine.pubsub, "t", "1", {
      message: (_payload, id) => {
        seen.push(id);
        if (id === "3") stop();
      },
      gap: () => {},
      fail: () => {},
    });
    engine.live(3);
    engine.live(4);
    engine.answer([2]);
    await Promise.resolve();
    expect(seen).toEqual(["2", "3"]);
  });

  it("delivers nothing of a replay that answers after the subscription stopped", async () => {
    const engine = laggingPubSub();
    const { seen, stop } = resume(engine, "1");
    engine.live(5);
    stop();
    engine.answer([2, 3]);
    await Promise.resolve();
    expect(seen).toEqual([]);
  });

  it("fails the subscriber once, past 10,000 held messages, and not at 10,000", async () => {
    const engine = laggingPubSub();
    const { seen, failures } = resume(engine, "0");
    for (let id = 1; id <= 10_000; id++) engine.live(id);
    expect(failures).toEqual([]);
    engine.live(10_001);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe("more than 10000 messages held");
    expect(engine.subscribed()).toBe(false);
    engine.refuse(new Error("the engine is gone too"));
    await Promise.resolve();
    expect(failures).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it("fails the subscriber when the replay throws or rejects", async () => {
    const broken = laggingPubSub();
    const thrown = new Error("no connection");
    broken.pubsub.replay = () => {
      throw thrown;
    };
    const sync = resume(broken, "1");
    expect(sync.failures).toEqual([thrown]);
    expect(broken.subscribed()).toBe(false);
    const engine = laggingPubSub();
    const later = resume(engine, "1");
    engine.refuse(thrown);
    await Promise.resolve();
    expect(later.failures).toEqual([thrown]);
    expect(engine.subscribed()).toBe(false);
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
