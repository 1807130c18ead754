import { describe, expect, it } from "vitest";
import { hashApiKey, memoryApiKeyStore } from "./api-key-store.js";

const record = (index: number, extra: object = {}) => ({
  id: `k${index}`,
  hash: hashApiKey(`key-${index}`),
  subject: `s${index % 7}`,
  scopes: [],
  ...extra,
});

describe("memoryApiKeyStore", () => {
  it("keeps at most maxEntries records, the oldest out first", () => {
    const store = memoryApiKeyStore({ maxEntries: 1000 });
    for (let index = 0; index < 30_000; index++) store.add(record(index));
    let kept = 0;
    for (let index = 0; index < 30_000; index++) {
      if (store.find(hashApiKey(`key-${index}`)) !== undefined) kept++;
    }
    expect(kept).toBe(1000);
    expect(store.find(hashApiKey("key-29000"))?.id).toBe("k29000");
    expect(store.find(hashApiKey("key-28999"))).toBeUndefined();
  });

  it("pushes out a revoked or expired record before a valid older one", () => {
    const store = memoryApiKeyStore({ maxEntries: 3, now: () => 5000 });
    store.add(record(1));
    store.add(record(2, { expiresAt: 4000 }));
    store.add(record(3));
    store.add(record(4));
    expect(store.find(hashApiKey("key-2"))).toBeUndefined();
    expect(store.revoke("k3")).toBe(true);
    store.add(record(5));
    expect(store.find(hashApiKey("key-3"))).toBeUndefined();
    expect(["key-1", "key-4", "key-5"].map((key) => store.find(hashApiKey(key))?.id)).toEqual([
      "k1",
      "k4",
      "k5",
    ]);
    // Replacing a kept record takes no room.
    store.add(record(1, { scopes: ["a"] }));
    expect(store.find(hashApiKey("key-4"))?.id).toBe("k4");
  });

  it("refuses a maxEntries that is not a whole number from 1", () => {
    expect(() => memoryApiKeyStore({ maxEntries: 0 })).toThrow(/maxEntries/);
  });
});
