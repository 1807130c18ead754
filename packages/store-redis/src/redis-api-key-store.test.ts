import { hashApiKey } from "@trellis/auth";
import { describeApiKeyStore, type RunningEngine, startRedis } from "@trellis/testing/engines";
import { RedisClient } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisApiKeyStore } from "./redis-api-key-store.js";

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

/** Every key and value under a prefix, as text. */
async function dump(prefix: string): Promise<string> {
  const keys = (await client.send("KEYS", [`${prefix}*`])) as string[];
  const values: unknown[] = [];
  for (const key of keys) {
    const type = (await client.send("TYPE", [key])) as string;
    values.push(
      key,
      type === "hash"
        ? await client.send("HGETALL", [key])
        : type === "set"
          ? await client.send("SMEMBERS", [key])
          : await client.send("GET", [key]),
    );
  }
  return JSON.stringify(values);
}

describeApiKeyStore(
  "redis",
  // Each store its own connection, as two instances of one app would have.
  (name) => redisApiKeyStore({ url: redis.url, prefix: `${name}:` }),
  (name) => dump(`${name}:`),
);

describe("redisApiKeyStore", () => {
  it("replaces a record added again under its id, and refuses a digest another id holds", async () => {
    const store = redisApiKeyStore({ client, prefix: "keys-replace:" });
    await store.add({ id: "k", hash: hashApiKey("one"), subject: "acme", scopes: ["a"] });
    await store.add({ id: "k", hash: hashApiKey("two"), subject: "globex", scopes: ["b"] });
    expect(await store.find(hashApiKey("one"))).toBeUndefined();
    expect((await store.find(hashApiKey("two")))?.scopes).toEqual(["b"]);
    // Moved to its new subject.
    expect(await store.list("acme")).toEqual([]);
    expect((await store.list("globex")).map((record) => record.id)).toEqual(["k"]);
    await expect(
      store.add({ id: "k2", hash: hashApiKey("two"), subject: "globex", scopes: [] }),
    ).rejects.toThrow(/another id/);
  });

  it("stamps revocations with its clock", async () => {
    const store = redisApiKeyStore({ client, prefix: "keys-clock:", now: () => 1234 });
    await store.add({ id: "k", hash: hashApiKey("key"), subject: "acme", scopes: [] });
    expect(await store.revoke("k")).toBe(true);
    expect((await store.find(hashApiKey("key")))?.revokedAt).toBe(1234);
  });
});
