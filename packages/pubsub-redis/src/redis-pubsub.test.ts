import type { PubSub } from "@trellis/core";
import { expectWholeNumberOption, within } from "@trellis/testing";
import {
  collector,
  describePubSubContract,
  type RunningEngine,
  startRedis,
} from "@trellis/testing/engines";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisPubSub } from "./redis-options.js";

let redis: RunningEngine;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describePubSubContract("redis", () => ({
  shared: true,
  async make(log, window) {
    const pubsub = redisPubSub({ url: redis.url, key: log, ...window });
    await pubsub.open?.({ logger: console });
    return pubsub;
  },
}));

describe("redisPubSub", () => {
  it("refuses options that are not whole numbers", () => {
    const code = "INVALID_PUBSUB_OPTION";
    for (const option of ["maxEvents", "maxAgeMs", "blockMs"]) {
      expectWholeNumberOption((value) => redisPubSub({ [option]: value }), option, code, 1);
    }
    expectWholeNumberOption(
      (value) => redisPubSub({ reconnect: { minMs: value as number } }),
      "reconnect.minMs",
      code,
      1,
    );
    expect(() => redisPubSub({ key: "" })).toThrow(/key/);
  });

  it("answers every malformed, out-of-range or foreign id with a gap, never a throw or a skip", async () => {
    const pubsub = redisPubSub({ url: redis.url, key: "ids" });
    await pubsub.open?.({ logger: console });
    try {
      const max = "18446744073709551615";
      const malformed = ["", "garbage", "1", "-1-0", "1--1", "01-0", "1-01", `${max}6-0`];
      malformed.push("1-0-0", " 1-0", "0_1-0", "A_1-0", "abc_", "abc_-1-0", `abc_${max}6-0`);
      // No stream yet: every id is from another log.
      expect(await pubsub.replay("t", "abc_5-0")).toEqual({ messages: [], gap: "unknown" });
      const seen = collector();
      pubsub.subscribe("t", seen.listener);
      expect(pubsub.publish("t", JSON.stringify(1))).toBe(true);
      await within(seen.until(1), 10, "the message");
      const id = seen.received[0]?.id as string;
      const [epoch, stream] = id.split("_") as [string, string];
      expect(epoch).toMatch(/^[1-9a-z][0-9a-z]*$/);
      expect(await pubsub.replay("t", id)).toEqual({ messages: [] });
      for (const bad of malformed) expect((await pubsub.replay("t", bad)).gap).toBe("malformed");
      // Well formed but not honourable: beyond the log, of another epoch, or bare (no epoch).
      for (const foreign of [`${max}-${max}`, stream, `${epoch}_${max}-${max}`, `${epoch}x_0-0`]) {
        expect(await pubsub.replay("t", foreign)).toEqual({ messages: [], gap: "unknown" });
      }
      expect(pubsub.compare(`${epoch}_2-0`, `${epoch}_10-0`)).toBeLessThan(0);
      expect(pubsub.compare(`${epoch}_10-2`, `${epoch}_10-10`)).toBeLessThan(0);
      // A later epoch (made later, on the server's clock) orders after every id of this one.
      expect(pubsub.compare(`${epoch}_${max}-0`, `${epoch}1_0-0`)).toBeLessThan(0);
    } finally {
      await pubsub.close();
    }
  });

  it("holds a publish made before it was opened and sends it once opened", async () => {
    const pubsub: PubSub = redisPubSub({ url: redis.url, key: "never-opened" });
    expect(pubsub.publish("t", "1")).toBe(true);
    expect(pubsub.status()).toMatchObject({ engine: "redis", lostPublishes: 0 });
    await pubsub.open?.({ logger: console });
    const replayed = await within(
      (async () => {
        while (pubsub.status().queued !== 0) await new Promise((r) => setTimeout(r, 20));
      })(),
      10,
      "the held publish sent",
    );
    expect(replayed).toBeUndefined();
    expect(pubsub.status().lostPublishes).toBe(0);
    await pubsub.close();
  });

  it("counts what it still holds at close as lost and logs it", async () => {
    const lines: string[] = [];
    const logger = { error: (line: string) => lines.push(line), warn: () => {} };
    const pubsub = redisPubSub({
      url: "redis://127.0.0.1:1",
      key: "closed",
      queue: { drainMs: 0 },
    });
    await pubsub.open?.({ logger });
    expect(pubsub.publish("t", "1")).toBe(true);
    expect(pubsub.publish("t", "2")).toBe(true);
    await pubsub.close();
    expect(pubsub.status()).toMatchObject({ lostPublishes: 2, queued: 0 });
    expect(pubsub.publish("t", "3")).toBe(false);
    expect(
      lines.some((line) => line.includes('2 publishes (to "t", ...) did not reach the engine')),
    ).toBe(true);
  });
});
