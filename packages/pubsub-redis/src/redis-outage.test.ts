import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PubSub } from "@trellis/core";
import { within } from "@trellis/testing";
import { collector, eventually, type RunningEngine, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisPubSub } from "./redis-options.js";

let redis: RunningEngine;
beforeAll(async () => {
  redis = await startRedis();
  await everyWriteOnDisk();
});
afterAll(() => redis?.stop());

const quiet = { error: () => {}, warn: () => {} };

/** Ask the server to fsync each write: a `kill -9` then loses nothing it answered. */
async function everyWriteOnDisk(): Promise<void> {
  const client = new RedisClient(redis.url);
  try {
    await client.send("CONFIG", ["SET", "appendfsync", "always"]);
  } finally {
    client.close();
  }
}

/** `kill -9` of the server process, then (optionally) its data wiped, then a new server. */
async function crash(options: { wipe: boolean }): Promise<void> {
  const client = new RedisClient(redis.url);
  let pid: number;
  try {
    const info: string = await client.send("INFO", ["server"]);
    pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
  } finally {
    client.close();
  }
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, "SIGKILL");
  await redis.down(); // the process is gone already: this only forgets it
  if (options.wipe) rmSync(join(redis.dir, "appendonlydir"), { recursive: true, force: true });
  await redis.up();
  await everyWriteOnDisk();
}

const open = async (key: string): Promise<PubSub> => {
  const pubsub = redisPubSub({ url: redis.url, key, reconnect: { minMs: 20, maxMs: 200 } });
  await pubsub.open?.({ logger: quiet });
  return pubsub;
};

describe("redisPubSub through a kill -9 of Redis", () => {
  it("loses no accepted publish through a crash and keeps each publisher's order", async () => {
    const key = `crash-${Date.now().toString(36)}`;
    const [a, b, reader] = await Promise.all([open(key), open(key), open(key)]);
    const seen = collector();
    reader.subscribe("orders", seen.listener);
    const sent = { a: 0, b: 0 };
    const accepted = { a: 0, b: 0 };
    const publish = (name: "a" | "b", pubsub: PubSub) => {
      const n = ++sent[name];
      if (pubsub.publish("orders", JSON.stringify({ from: name, n }))) accepted[name]++;
    };
    // Both publish on every tick, through the crash and the restart.
    let held = 0;
    const timer = setInterval(() => {
      publish("a", a);
      publish("b", b);
      held = Math.max(held, a.status().queued ?? 0);
    }, 2);
    try {
      await eventually(() => seen.received.length >= 50, "50 messages before the crash", 20);
      await crash({ wipe: false });
      await eventually(() => a.status().connected && b.status().connected, "reconnected", 20);
      const atRestart = sent.a + sent.b;
      await eventually(
        () => seen.received.length >= atRestart + 50,
        "50 messages after the restart",
        20,
      );
    } finally {
      clearInterval(timer);
    }
    const total = sent.a + sent.b;
    await within(seen.until(total), 20, `all ${total} accepted messages`);
    expect(accepted).toEqual(sent);
    // The crash was lived through: publishes were held while Redis was away.
    expect(held).toBeGreaterThan(1);
    for (const name of ["a", "b"] as const) {
      const numbers = seen.received
        .map((item) => JSON.parse(item.payload) as { from: string; n: number })
        .filter((message) => message.from === name)
        .map((message) => message.n);
      expect(numbers).toEqual(Array.from({ length: sent[name] }, (_, index) => index + 1));
    }
    expect(new Set(seen.received.map((item) => item.id)).size).toBe(total);
    expect(a.status().lostPublishes + b.status().lostPublishes).toBe(0);
    expect(reader.status().reconnects).toBeGreaterThanOrEqual(1);
    await Promise.all([a.close(), b.close(), reader.close()]);
  });

  it("answers a resume from before Redis lost its data with a gap, and reads the new stream from its start", async () => {
    const key = `wipe-${Date.now().toString(36)}`;
    const [publisher, reader] = await Promise.all([open(key), open(key)]);
    const seen = collector();
    reader.subscribe("w", seen.listener);
    for (let n = 1; n <= 3; n++) publisher.publish("w", JSON.stringify(n));
    await within(seen.until(3), 20, "W 1-3");
    const before = seen.received[0]?.id as string;
    expect((await reader.replay("w", before)).messages).toHaveLength(2);

    await crash({ wipe: true });
    await eventually(
      () => publisher.status().connected && reader.status().connected,
      "reconnected",
      20,
    );
    for (let n = 4; n <= 6; n++) publisher.publish("w", JSON.stringify(n));
    await within(seen.until(6), 20, "W 4-6 after the data loss");
    expect(seen.received.map((item) => item.payload)).toEqual(["1", "2", "3", "4", "5", "6"]);

    // Every id from before the loss: a gap, never the new stream's messages as if none were missed.
    for (const old of seen.received.slice(0, 3)) {
      expect(await reader.replay("w", old.id)).toEqual({ messages: [], gap: "unknown" });
    }
    // Ids of the new epoch resume as usual, and order after every id of the old one.
    const fourth = seen.received[3]?.id as string;
    expect((await reader.replay("w", fourth)).messages.map((m) => m.payload)).toEqual(["5", "6"]);
    expect(reader.compare(seen.received[2]?.id as string, fourth)).toBeLessThan(0);
    await Promise.all([publisher.close(), reader.close()]);
  });
});
