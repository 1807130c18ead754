import { describeScaleOut, type RunningEngine, startRedis } from "@trellis/testing/engines";
import { afterAll, beforeAll } from "vitest";
import { redisPubSub } from "./redis-options.js";

let redis: RunningEngine;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

describeScaleOut("redis", () => ({
  make: (log) => redisPubSub({ url: redis.url, key: log }),
}));
