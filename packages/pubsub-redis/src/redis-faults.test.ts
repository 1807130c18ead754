import { describePubSubFaults, type EngineUnderTest, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll } from "vitest";
import { redisPubSub } from "./redis-options.js";

let redis: EngineUnderTest;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describePubSubFaults("redis", () => ({
  engine: () => redis,
  async make(log, logger, queue) {
    const pubsub = redisPubSub({
      url: redis.url,
      key: log,
      reconnect: { minMs: 50, maxMs: 500 },
      ...(queue === undefined ? {} : { queue }),
    });
    await pubsub.open?.({ logger });
    return pubsub;
  },
  unopened: (log) =>
    redisPubSub({ url: redis.url, key: log, reconnect: { minMs: 50, maxMs: 500 } }),
  async connections() {
    const client = new RedisClient(redis.url);
    try {
      const list: string = await client.send("CLIENT", ["LIST"]);
      return list.trim().split("\n").length - 1;
    } finally {
      client.close();
    }
  },
}));
