import { type RunningEngine, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "./redis-idempotency-store.js";
import { redisRateLimitStore } from "./redis-rate-limit-store.js";

let redis: RunningEngine;
let client: RedisClient;
beforeAll(async () => {
  redis = await startRedis();
  client = new RedisClient(redis.url);
  await client.connect();
});
afterAll(async () => {
  client?.close();
  await redis?.stop();
});

describe("redisRateLimitStore", () => {
  it("counts each key in its own fixed window, with the time left", async () => {
    const store = redisRateLimitStore({ url: redis.url, prefix: "rl-test:" });
    try {
      const counts: number[] = [];
      for (let index = 0; index < 3; index++) counts.push((await store.hit("a", 60_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      const other = await store.hit("b", 60_000);
      expect(other.count).toBe(1);
      expect(other.resetMs).toBeGreaterThan(0);
      expect(other.resetMs).toBeLessThanOrEqual(60_000);
      // The window is on the key, under the prefix.
      const left = Number(await client.send("PTTL", ["rl-test:a"]));
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60_000);
    } finally {
      await store.close?.();
    }
  });

  it("connects again on the next call after Redis comes back", async () => {
    const store = redisRateLimitStore({ url: redis.url, prefix: "rl-restart:" });
    try {
      expect((await store.hit("k", 60_000)).count).toBe(1);
      await redis.down();
      await expect(store.hit("k", 60_000)).rejects.toBeDefined();
      await redis.up();
      await client.connect().catch(() => {});
      // The append-only file kept the count across the restart.
      expect((await store.hit("k", 60_000)).count).toBe(2);
    } finally {
      await store.close?.();
    }
  });

  it("uses a client it is given, and leaves it open when closed", async () => {
    const store = redisRateLimitStore({ client, prefix: "rl-shared:" });
    expect((await store.hit("x", 1000)).count).toBe(1);
    await store.close?.();
    expect(client.connected).toBe(true);
  });

  it("rejects while Redis cannot be reached (the app then lets requests through)", async () => {
    const store = redisRateLimitStore({ url: "redis://127.0.0.1:1" });
    // The connection's own error, at once (no offline queue holding the request).
    await expect(store.hit("x", 1000)).rejects.toMatchObject({
      name: "RedisError",
      code: "ERR_REDIS_CONNECTION_CLOSED",
    });
    // Not for good: the next command tries again, and fails the same way while Redis is away.
    await expect(store.hit("x", 1000)).rejects.toMatchObject({
      code: "ERR_REDIS_CONNECTION_CLOSED",
    });
    await store.close?.();
  });
});

describe("redisIdempotencyStore", () => {
  const response = {
    status: 201,
    headers: [["content-type", "application/octet-stream"]] as [string, string][],
    body: new Uint8Array(Array.from({ length: 256 }, (_, index) => index)),
  };

  it("claims a key once, then reports it running, then done with the response byte for byte", async () => {
    const store = redisIdempotencyStore({ url: redis.url, prefix: "idem-test:" });
    try {
      const claim = { token: "t1", fingerprint: "fp", lockMs: 30_000 };
      expect(await store.claim("k", claim)).toBeUndefined();
      expect(await store.claim("k", { ...claim, token: "t2" })).toEqual({
        state: "running",
        fingerprint: "fp",
      });
      const lock = Number(await client.send("PTTL", ["idem-test:k"]));
      expect(lock).toBeGreaterThan(0);
      expect(lock).toBeLessThanOrEqual(30_000);
      // Only the holder's token completes it.
      await store.complete("k", "t2", response, 60_000);
      expect((await store.claim("k", claim))?.state).toBe("running");
      await store.complete("k", "t1", response, 60_000);
      const done = await store.claim("k", claim);
      expect(done).toEqual({ state: "done", fingerprint: "fp", response });
    } finally {
      await store.close?.();
    }
  });

  it("releases a key only for its holder, so a retry may claim it again", async () => {
    const store = redisIdempotencyStore({ client, prefix: "idem-release:" });
    const claim = { token: "mine", fingerprint: "fp", lockMs: 30_000 };
    expect(await store.claim("k", claim)).toBeUndefined();
    await store.release("k", "theirs");
    expect((await store.claim("k", claim))?.state).toBe("running");
    await store.release("k", "mine");
    expect(await store.claim("k", { ...claim, token: "next" })).toBeUndefined();
  });
});
