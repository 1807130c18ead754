import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

/** An API-key record as `@trellis/auth`'s store contract has it (structurally: no import). */
export interface ApiKeyRecordShape {
  readonly id: string;
  readonly hash: string;
  readonly subject: string;
  readonly scopes: readonly string[];
  readonly expiresAt?: number;
  readonly revokedAt?: number;
  readonly claims?: Readonly<Record<string, unknown>>;
}

/** `ApiKeyStore` of `@trellis/auth`, structurally. */
export interface ApiKeyStoreShape {
  find(hash: string): ApiKeyRecordShape | undefined | Promise<ApiKeyRecordShape | undefined>;
  add(record: ApiKeyRecordShape): void | Promise<void>;
  revoke(id: string): boolean | Promise<boolean>;
  list(subject: string): readonly ApiKeyRecordShape[] | Promise<readonly ApiKeyRecordShape[]>;
}

// The digest `hashApiKey` makes (base64url SHA-256): the suite checks stores keep only it.
const digest = (key: string) => createHash("sha256").update(key, "utf8").digest("base64url");

/**
 * The API-key store contract, for every engine's store: `make` gives a store over an empty
 * keyspace (its own table or prefix), `peek` every stored byte of it as text (to prove the key
 * itself is never stored). Two stores from `make(name)` with one name must share their keys (two
 * instances of one app).
 */
export function describeApiKeyStore(
  engine: string,
  make: (name: string) => ApiKeyStoreShape & { close?(): unknown },
  peek: (name: string) => Promise<string>,
): void {
  describe(`API-key store contract: ${engine}`, () => {
    it("finds a key by its digest only, and keeps no key in clear", async () => {
      const store = make("contract_find");
      const key = `trk_${randomBytes(32).toString("base64url")}`;
      await store.add({
        id: "k1",
        hash: digest(key),
        subject: "acme",
        scopes: ["orders:read", "orders:write"],
        claims: { tenant: "acme", plan: "gold" },
        expiresAt: 4_102_444_800_000,
      });
      expect(await store.find(digest(key))).toEqual({
        id: "k1",
        hash: digest(key),
        subject: "acme",
        scopes: ["orders:read", "orders:write"],
        claims: { tenant: "acme", plan: "gold" },
        expiresAt: 4_102_444_800_000,
      });
      expect(await store.find(digest(`${key}x`))).toBeUndefined();
      expect(await store.find(key)).toBeUndefined();
      const stored = await peek("contract_find");
      expect(stored).toContain(digest(key));
      expect(stored).not.toContain(key);
      await store.close?.();
    });

    it("holds several keys per subject (rotation) and revokes one, seen by another instance", async () => {
      const first = make("contract_rotate");
      const second = make("contract_rotate");
      await first.add({ id: "old", hash: digest("key-old"), subject: "acme", scopes: ["a"] });
      await first.add({ id: "new", hash: digest("key-new"), subject: "acme", scopes: ["a"] });
      await first.add({ id: "other", hash: digest("key-3"), subject: "globex", scopes: [] });
      const ids = (await second.list("acme")).map((record) => record.id).sort();
      expect(ids).toEqual(["new", "old"]);
      expect(await second.revoke("old")).toBe(true);
      expect(await second.revoke("missing")).toBe(false);
      const revoked = await first.find(digest("key-old"));
      expect(typeof revoked?.revokedAt).toBe("number");
      // Revoking again keeps the first revocation's time.
      await first.revoke("old");
      expect((await second.find(digest("key-old")))?.revokedAt).toBe(revoked?.revokedAt);
      expect((await first.find(digest("key-new")))?.revokedAt).toBeUndefined();
      // Listed with the revoked one, for audits.
      expect((await first.list("acme")).length).toBe(2);
      await first.close?.();
      await second.close?.();
    });
  });
}
