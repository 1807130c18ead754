import type { EventMeta } from "@trellis/core/extend";
import { within } from "@trellis/testing";
import { describeEventMeta, type RunningEngine, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisPubSub } from "./redis-options.js";

let redis: RunningEngine;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describeEventMeta("redis", () => ({
  make: (log) => redisPubSub({ url: redis.url, key: log }),
}));

describe("redisPubSub with entries of a version without meta", () => {
  it("delivers an entry with no meta field, and one with a field it cannot read, with no meta", async () => {
    const key = "before-meta";
    const pubsub = redisPubSub({ url: redis.url, key });
    const client = new RedisClient(redis.url);
    try {
      await pubsub.open?.({ logger: console });
      const got: { payload: string; meta: EventMeta | undefined }[] = [];
      pubsub.subscribe("t", (payload, _id, _topic, meta) => got.push({ payload, meta }));
      await client.send("XADD", [key, "*", "topic", "t", "payload", '"old"']);
      await client.send("XADD", [key, "*", "topic", "t", "payload", '"odd"', "meta", "{nope"]);
      expect(pubsub.publish("t", '"new"', { requestId: "r-3", traceparent: "00-x" })).toBe(true);
      await within(
        waitFor(() => got.length >= 3),
        10,
        "three entries",
      );
      expect(got).toEqual([
        { payload: '"old"', meta: undefined },
        { payload: '"odd"', meta: undefined },
        { payload: '"new"', meta: { requestId: "r-3", traceparent: "00-x" } },
      ]);
    } finally {
      await pubsub.close();
      client.close();
    }
  });
});

async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
