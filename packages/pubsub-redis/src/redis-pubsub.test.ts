import type { PubSub } from "@trellis/core";
import { expectWholeNumberOption } from "@trellis/testing";
import { describePubSubContract, type RunningEngine, startRedis } from "@trellis/testing/engines";
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

  it("answers ids Redis would refuse as malformed, and ids beyond the log as unknown", async () => {
    const pubsub = redisPubSub({ url: redis.url, key: "ids" });
    await pubsub.open?.({ logger: console });
    try {
      for (const bad of ["1", "01-0", "1-01", "18446744073709551616-0", "1-0-0", " 1-0"]) {
        expect((await pubsub.replay("t", bad)).gap).toBe("malformed");
      }
      // No stream yet: any id but the very start is from another log.
      expect(await pubsub.replay("t", "5-0")).toEqual({ messages: [], gap: "unknown" });
      expect(await pubsub.replay("t", "0-0")).toEqual({ messages: [] });
      pubsub.publish("t", "1");
      const probe = redisPubSub({ url: redis.url, key: "ids" });
      expect((await pubsub.replay("t", "99999999999999-0")).gap).toBe("unknown");
      expect(probe.compare("2-0", "10-0")).toBeLessThan(0);
      expect(probe.compare("10-2", "10-10")).toBeLessThan(0);
    } finally {
      await pubsub.close();
    }
  });

  it("counts a publish as lost when it was never opened (no connection)", async () => {
    const pubsub: PubSub = redisPubSub({ url: redis.url, key: "never-opened" });
    expect(pubsub.publish("t", "1")).toBe(false);
    expect(pubsub.status()).toMatchObject({ engine: "redis", connected: false, lostPublishes: 1 });
    await pubsub.close();
  });
});
