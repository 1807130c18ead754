import { within } from "@trellis/testing";
import { type RunningSentinelGroup, startRedisSentinel } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisIdempotencyStore } from "./redis-idempotency-store.js";
import { redisRateLimitStore } from "./redis-rate-limit-store.js";

// A real failover group: a primary, a replica and a Sentinel (`redis-server --sentinel`). The store
// finds the primary through the Sentinel and follows it through a forced failover (the old primary
// demoted: READONLY) and through the primary's death, counting on exactly from what was replicated.

let group: RunningSentinelGroup;
beforeAll(async () => {
  group = await startRedisSentinel();
}, 60_000);
afterAll(async () => {
  await group?.stop();
});

/**
 * Waits until the replica on `port` holds the count `value`: what a failover then keeps. (WAIT
 * would only cover the asking client's own writes, and the store is another client.)
 */
async function replicated(port: number, value: number): Promise<void> {
  const client = new RedisClient(`redis://127.0.0.1:${port}`);
  const holds = async () => {
    while ((await client.get("sentinel-rl:k")) !== String(value)) await Bun.sleep(100);
  };
  try {
    await within(holds(), 30, `the replica on ${port} holding the count ${value}`);
  } finally {
    client.close();
  }
}

/**
 * Hits until a count lands on the server on `port` (read back there), retrying while the failover
 * is under way; returns that count and how many hits failed or landed elsewhere on the way.
 */
async function countOn(store: ReturnType<typeof redisRateLimitStore>, port: number) {
  const server = new RedisClient(`redis://127.0.0.1:${port}`);
  let missed = 0;
  try {
    for (;;) {
      const count = await Promise.resolve(store.hit("k", 600_000)).then(
        (hit) => hit.count,
        () => undefined,
      );
      const there = await server.get("sentinel-rl:k").catch(() => null);
      if (count !== undefined && there === String(count)) return { count, missed };
      missed++;
      await Bun.sleep(100);
    }
  } finally {
    server.close();
  }
}

describe("redis stores behind Sentinel", () => {
  it("follow the primary through a forced failover and a killed primary, counting exactly", async () => {
    const [first, second] = group.ports;
    const store = redisRateLimitStore({
      sentinel: { sentinels: group.sentinels, name: group.name },
      prefix: "sentinel-rl:",
      commandTimeoutMs: 500,
    });
    try {
      const counts: number[] = [];
      for (let index = 0; index < 3; index++) counts.push((await store.hit("k", 600_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      expect(await store.ping()).toBe(true);

      // A forced failover: the replica is promoted, the old primary demoted under the store's feet.
      await replicated(second, 3);
      const sentinelPort = Number(group.sentinels[0]?.split(":")[1]);
      const sentinel = new RedisClient(`redis://127.0.0.1:${sentinelPort}`);
      expect(await sentinel.send("SENTINEL", ["failover", group.name])).toBe("OK");
      sentinel.close();
      await group.waitForPrimary(second);
      // The first count on the new primary continues from what was replicated: exact.
      const promoted = await within(countOn(store, second), 30, "a count on the new primary");
      expect(promoted.count).toBe(4);
      // The store hears +switch-master and moves at once; without it, the old primary (not yet
      // reconfigured by the Sentinel, which polls it every 10 s) took about 100 of these hits.
      expect(promoted.missed).toBeLessThanOrEqual(20);

      // The primary dies: the Sentinel promotes the other server, and the store finds it.
      await replicated(first, 4);
      await group.kill(second);
      const survivor = await within(countOn(store, first), 30, "a count after the primary died");
      expect(survivor.count).toBe(5);
      expect(await group.primaryPort()).toBe(first);
    } finally {
      await store.close?.();
    }
  }, 90_000);

  it("claims idempotency keys on the primary the Sentinel names", async () => {
    const store = redisIdempotencyStore({
      sentinel: { sentinels: ["127.0.0.1:1", ...group.sentinels], name: group.name },
      prefix: "sentinel-idem:",
    });
    try {
      const claim = { token: "t", fingerprint: "fp", lockMs: 30_000 };
      // The first Sentinel listed does not answer: the next one does.
      expect(await within(store.claim("k", claim), 10, "a claim")).toBeUndefined();
      expect((await store.claim("k", { ...claim, token: "u" }))?.state).toBe("running");
    } finally {
      await store.close?.();
    }
  });

  it("fails with EngineUnavailableError when no Sentinel knows the group, and refuses bad options", async () => {
    const store = redisRateLimitStore({
      sentinel: { sentinels: group.sentinels, name: "no-such-group" },
    });
    await expect(store.hit("k", 1000)).rejects.toMatchObject({
      name: "EngineUnavailableError",
      message: expect.stringContaining('named the primary of "no-such-group"'),
    });
    await store.close?.();
    expect(() => redisRateLimitStore({ sentinel: { sentinels: [], name: "x" } })).toThrow(
      /sentinels must list/,
    );
    expect(() => redisRateLimitStore({ sentinel: { sentinels: ["a b"], name: "x" } })).toThrow(
      /is not "host:port"/,
    );
    expect(() =>
      redisRateLimitStore({ url: "redis://x", sentinel: { sentinels: ["h:1"], name: "x" } }),
    ).toThrow(/one of client, url and sentinel/);
  });
});
