import { EngineUnavailableError } from "@trellis/core";
import { within } from "@trellis/testing";
import { type EngineUnderTest, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "./redis-idempotency-store.js";
import { redisRateLimitStore } from "./redis-rate-limit-store.js";

// A Redis that stops answering but keeps its sockets open (SIGSTOP): every store call still ends,
// within its deadline, and the store works again once Redis does (SIGCONT).
let redis: EngineUnderTest;
let paused = false;
beforeAll(async () => {
  redis = await startRedis();
});
const pause = () => {
  redis.pause();
  paused = true;
};
const resume = () => {
  if (paused) redis.resume();
  paused = false;
};
afterEach(resume);
afterAll(async () => {
  resume();
  await redis?.stop();
});

describe("a stalled Redis", () => {
  it("fails each rate limit call at its deadline, then counts on once Redis answers", async () => {
    const store = redisRateLimitStore({
      url: redis.url,
      prefix: "stall-rl:",
      commandTimeoutMs: 300,
    });
    try {
      expect((await store.hit("k", 60_000)).count).toBe(1);
      expect(await store.ping()).toBe(true);
      pause();
      for (let index = 0; index < 3; index++) {
        const failure = await within(
          Promise.resolve(store.hit("k", 60_000)).then(
            () => undefined,
            (error: unknown) => error,
          ),
          5,
          "the rate limit call's deadline",
        );
        expect(failure).toBeInstanceOf(EngineUnavailableError);
        expect((failure as Error).message).toBe("redis: no answer within 300 ms");
      }
      expect(await within(store.ping(), 5, "a ping's deadline")).toBe(false);
      resume();
      // The calls that timed out never reached the script; the next one counts from where it was.
      const next = await within(Promise.resolve(store.hit("k", 60_000)), 5, "a call after SIGCONT");
      expect(next.count).toBeGreaterThanOrEqual(2);
      expect(await store.ping()).toBe(true);
    } finally {
      await store.close?.();
    }
  });

  it("fails an idempotency claim at its deadline", async () => {
    const store = redisIdempotencyStore({
      url: redis.url,
      prefix: "stall-idem:",
      commandTimeoutMs: 300,
    });
    try {
      const claim = { token: "t", fingerprint: "fp", lockMs: 30_000 };
      pause();
      const failure = await within(
        store.claim("k", claim).then(
          () => undefined,
          (error: unknown) => error,
        ),
        5,
        "the claim's deadline",
      );
      expect(failure).toBeInstanceOf(EngineUnavailableError);
      resume();
      // Whether the late claim landed or not, the key is claimed by at most that one token.
      const entry = await within(
        store.claim("k", { ...claim, token: "u" }),
        5,
        "a claim after SIGCONT",
      );
      expect(entry === undefined || entry.state === "running").toBe(true);
    } finally {
      await store.close?.();
    }
  });

  it("fails a shared client's call at its deadline and leaves the client to its owner", async () => {
    const client = new RedisClient(redis.url);
    await client.connect();
    const store = redisRateLimitStore({ client, prefix: "stall-shared:", commandTimeoutMs: 300 });
    pause();
    await expect(
      within(Promise.resolve(store.hit("k", 1000)), 5, "the deadline"),
    ).rejects.toBeInstanceOf(EngineUnavailableError);
    resume();
    await store.close?.();
    expect(client.connected).toBe(true);
    client.close();
  });

  it("refuses a deadline that is not a positive number of milliseconds", () => {
    for (const commandTimeoutMs of [0, -1, Number.NaN, "1000" as never, 600_001]) {
      expect(() => redisRateLimitStore({ url: redis.url, commandTimeoutMs })).toThrow(
        /commandTimeoutMs must be a number of milliseconds/,
      );
    }
  });
});
