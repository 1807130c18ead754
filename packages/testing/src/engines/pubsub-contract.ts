import type { PubSub } from "@trellis/core";
import { type PubSubWindow, subscribeFrom } from "@trellis/core/extend";
import { afterEach, describe, expect, it } from "vitest";

/** How the contract suite gets adapters: each call is one more app instance on the same engine. */
export interface PubSubUnderTest {
  /**
   * A new, opened adapter on the log named `log` with this window; adapters made with the same
   * `log` share it (two processes on one engine). An in-process adapter returns the same one.
   */
  make(log: string, window: PubSubWindow): Promise<PubSub>;
  /** True when the adapter's ids are the engine's and messages cross processes. */
  readonly shared: boolean;
}

let logs = 0;
const newLog = () => `contract-${process.pid}-${Date.now().toString(36)}-${++logs}`;
const wide: PubSubWindow = { maxEvents: 1000, maxAgeMs: 3_600_000 };

/** Collects what a listener receives, and waits for a count of it. */
export function collector() {
  const received: { payload: string; id: string; topic: string }[] = [];
  let waiting: { count: number; resolve: () => void } | undefined;
  const check = () => {
    if (waiting !== undefined && received.length >= waiting.count) {
      waiting.resolve();
      waiting = undefined;
    }
  };
  return {
    received,
    listener: (payload: string, id: string, topic: string) => {
      received.push({ payload, id, topic });
      check();
    },
    until(count: number): Promise<void> {
      return new Promise((resolve) => {
        waiting = { count, resolve };
        check();
      });
    },
  };
}

/** Lets asynchronous deliveries that are on their way arrive (a round trip through each adapter). */
async function settle(adapters: readonly PubSub[], topic: string): Promise<void> {
  const probes = adapters.map((adapter) => {
    const probe = collector();
    const stop = adapter.subscribe(`${topic}:probe`, probe.listener);
    return { probe, stop };
  });
  adapters[0]?.publish(`${topic}:probe`, '"probe"');
  for (const { probe, stop } of probes) {
    await probe.until(1);
    stop();
  }
}

const payloads = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => JSON.stringify({ n: from + index }));

/**
 * The one publish/subscribe contract suite: every adapter (in-process, Redis, Postgres, and any
 * other) runs it against a real engine. It checks ordering and ids, the replay window, unsubscribe,
 * close, and that two instances on one engine each see every message exactly once.
 */
export function describePubSubContract(name: string, underTest: () => PubSubUnderTest): void {
  describe(`the PubSub contract: ${name}`, () => {
    const opened: PubSub[] = [];
    const make = async (log: string, window: PubSubWindow = wide) => {
      const adapter = await underTest().make(log, window);
      opened.push(adapter);
      return adapter;
    };
    afterEach(async () => {
      for (const adapter of opened.splice(0)) await adapter.close();
    });

    it("delivers every message to its topic's listeners in order, with increasing ids", async () => {
      const pubsub = await make(newLog());
      const one = collector();
      const other = collector();
      pubsub.subscribe("orders", one.listener);
      pubsub.subscribe("other", other.listener);
      for (const payload of payloads(50)) expect(pubsub.publish("orders", payload)).toBe(true);
      await one.until(50);
      await settle([pubsub], "orders");
      expect(one.received.map((item) => item.payload)).toEqual(payloads(50));
      expect(one.received.every((item) => item.topic === "orders")).toBe(true);
      expect(other.received).toEqual([]);
      const ids = one.received.map((item) => item.id);
      expect(new Set(ids).size).toBe(50);
      for (let index = 1; index < ids.length; index++) {
        expect(pubsub.compare(ids[index - 1] as string, ids[index] as string)).toBeLessThan(0);
        expect(pubsub.compare(ids[index] as string, ids[index - 1] as string)).toBeGreaterThan(0);
      }
      expect(pubsub.compare(ids[0] as string, ids[0] as string)).toBe(0);
    });

    it("gives two instances on one engine every message exactly once, in one order", async () => {
      const log = newLog();
      const a = await make(log);
      const b = await make(log);
      const onA = collector();
      const onB = collector();
      a.subscribe("feed", onA.listener);
      b.subscribe("feed", onB.listener);
      // Both instances publish, interleaved.
      for (let index = 0; index < 40; index++) {
        (index % 2 === 0 ? a : b).publish("feed", JSON.stringify({ n: index }));
      }
      await onA.until(40);
      await onB.until(40);
      await settle([a, b], "feed");
      expect(onA.received).toHaveLength(40);
      expect(onB.received).toHaveLength(40);
      expect(onB.received.map((item) => item.id)).toEqual(onA.received.map((item) => item.id));
      expect(new Set(onA.received.map((item) => item.payload)).size).toBe(40);
      // Each instance's own messages keep their order.
      const evens = onB.received
        .map((item) => (JSON.parse(item.payload) as { n: number }).n)
        .filter((n) => n % 2 === 0);
      expect(evens).toEqual([...evens].sort((x, y) => x - y));
    });

    it("stops delivering to an unsubscribed listener, and to it only", async () => {
      const pubsub = await make(newLog());
      const kept = collector();
      const dropped = collector();
      pubsub.subscribe("t", kept.listener);
      const unsubscribe = pubsub.subscribe("t", dropped.listener);
      pubsub.publish("t", '"first"');
      await dropped.until(1);
      unsubscribe();
      unsubscribe();
      pubsub.publish("t", '"second"');
      await kept.until(2);
      await settle([pubsub], "t");
      expect(dropped.received.map((item) => item.payload)).toEqual(['"first"']);
      expect(kept.received.map((item) => item.payload)).toEqual(['"first"', '"second"']);
    });

    it("replays the messages of a topic after an id, oldest first", async () => {
      const pubsub = await make(newLog());
      const seen = collector();
      pubsub.subscribe("r", seen.listener);
      for (const payload of payloads(10)) {
        pubsub.publish("r", payload);
        pubsub.publish("r-other", payload);
      }
      await seen.until(10);
      const third = seen.received[2]?.id as string;
      const replay = await pubsub.replay("r", third);
      expect(replay.gap).toBeUndefined();
      expect(replay.messages.map((message) => message.payload)).toEqual(payloads(7, 3));
      expect(replay.messages.map((message) => message.id)).toEqual(
        seen.received.slice(3).map((item) => item.id),
      );
      expect(replay.messages.every((message) => message.topic === "r")).toBe(true);
      const last = seen.received[9]?.id as string;
      expect(await pubsub.replay("r", last)).toEqual({ messages: [] });
    });

    it("answers an id it cannot honour with a gap, never a throw", async () => {
      const pubsub = await make(newLog(), { maxEvents: 5, maxAgeMs: 3_600_000 });
      const seen = collector();
      pubsub.subscribe("w", seen.listener);
      // One at a time: a reader may fall behind a window this small (then it misses messages).
      for (const [index, payload] of payloads(30).entries()) {
        pubsub.publish("w", payload);
        await seen.until(index + 1);
      }
      for (const bad of ["", "abc", "-1", "1e3", "../../etc", "x".repeat(500), "１２"]) {
        expect((await pubsub.replay("w", bad)).gap).toBe("malformed");
      }
      // The first message left the window (5 kept, more may be): its successors are gone.
      expect(await pubsub.replay("w", seen.received[0]?.id as string)).toEqual({
        messages: [],
        gap: "expired",
      });
      // The last few are still there.
      const recent = await pubsub.replay("w", seen.received[26]?.id as string);
      expect(recent.gap).toBeUndefined();
      expect(recent.messages.map((message) => message.payload)).toEqual(payloads(3, 27));
    });

    it("drops messages older than the window's age from replay", async () => {
      const pubsub = await make(newLog(), { maxEvents: 1000, maxAgeMs: 200 });
      const seen = collector();
      pubsub.subscribe("aged", seen.listener);
      pubsub.publish("aged", '"old-1"');
      pubsub.publish("aged", '"old-2"');
      await seen.until(2);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      pubsub.publish("aged", '"new"');
      await seen.until(3);
      expect((await pubsub.replay("aged", seen.received[0]?.id as string)).gap).toBe("expired");
      const fresh = await pubsub.replay("aged", seen.received[1]?.id as string);
      expect(fresh.messages.map((message) => message.payload)).toEqual(['"new"']);
    });

    it("resumes a subscriber after an id exactly once while messages keep coming", async () => {
      const pubsub = await make(newLog());
      const first = collector();
      pubsub.subscribe("resume", first.listener);
      for (const payload of payloads(20)) pubsub.publish("resume", payload);
      await first.until(20);
      const resumed: string[] = [];
      const gaps: string[] = [];
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      const stop = subscribeFrom(pubsub, "resume", first.received[9]?.id, {
        message(payload) {
          resumed.push(payload);
          if (resumed.length === 30) done();
        },
        gap: (reason) => gaps.push(reason),
        fail: (error) => {
          throw error;
        },
      });
      // More while the replay is read: none lost, none twice.
      for (const payload of payloads(20, 20)) pubsub.publish("resume", payload);
      await finished;
      await settle([pubsub], "resume");
      stop();
      expect(gaps).toEqual([]);
      expect(resumed).toEqual(payloads(30, 10));
    });

    it("reports its status, and after close delivers nothing", async () => {
      const pubsub = await make(newLog());
      const status = pubsub.status();
      expect(status.connected).toBe(true);
      expect(status.lostPublishes).toBe(0);
      expect(typeof status.engine).toBe("string");
      expect(status.window.maxEvents).toBeGreaterThanOrEqual(1);
      const seen = collector();
      pubsub.subscribe("c", seen.listener);
      await pubsub.close();
      await pubsub.close();
      expect(pubsub.publish("c", '"late"')).toBe(false);
      expect(seen.received).toEqual([]);
      expect(pubsub.status().connected).toBe(false);
    });
  });
}
