import { hashApiKey } from "@trellis/auth";
import { describeApiKeyStore, type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresApiKeyStore } from "./postgres-api-key-store.js";

let postgres: RunningEngine;
let sql: SQL;
beforeAll(async () => {
  postgres = await startPostgres();
  sql = new SQL(postgres.url, { max: 4, prepare: false });
});
afterAll(async () => {
  await sql?.close();
  await postgres?.stop();
});

describeApiKeyStore(
  "postgres",
  // Each store its own pool, as two instances of one app would have.
  (table) => postgresApiKeyStore({ url: postgres.url, table }),
  async (table) => JSON.stringify(await sql.unsafe(`SELECT * FROM ${table}`)),
);

describe("postgresApiKeyStore", () => {
  it("replaces a record added again under its id, and refuses a digest another id holds", async () => {
    const store = postgresApiKeyStore({ sql, table: "keys_replace" });
    await store.add({ id: "k", hash: hashApiKey("one"), subject: "acme", scopes: ["a"] });
    await store.add({ id: "k", hash: hashApiKey("two"), subject: "acme", scopes: ["b"] });
    expect(await store.find(hashApiKey("one"))).toBeUndefined();
    expect((await store.find(hashApiKey("two")))?.scopes).toEqual(["b"]);
    await expect(
      store.add({ id: "k2", hash: hashApiKey("two"), subject: "globex", scopes: [] }),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it("stamps revocations with its clock", async () => {
    const store = postgresApiKeyStore({ sql, table: "keys_clock", now: () => 1234 });
    await store.add({ id: "k", hash: hashApiKey("key"), subject: "acme", scopes: [] });
    await store.revoke("k");
    expect((await store.find(hashApiKey("key")))?.revokedAt).toBe(1234);
  });
});
