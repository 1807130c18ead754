import { describe, expect, it } from "vitest";
import { memoryIdempotencyStore } from "./memory-idempotency-store.js";

const response = { status: 201, headers: [] as [string, string][], body: new Uint8Array(1600) };

describe("memoryIdempotencyStore", () => {
  it("keeps at most maxEntries keys, the oldest out first", async () => {
    const store = memoryIdempotencyStore({ maxEntries: 1000 });
    for (let index = 0; index < 30_000; index++) {
      const key = `k${index}`;
      await store.claim(key, { token: key, fingerprint: "fp", lockMs: 60_000 });
      await store.complete(key, key, response, 86_400_000);
    }
    // The newest 1,000 are kept (a claim of a kept key adds none) ...
    let kept = 0;
    for (let index = 29_000; index < 30_000; index++) {
      const entry = await store.claim(`k${index}`, { token: "x", fingerprint: "fp", lockMs: 1 });
      if (entry?.state === "done") kept++;
    }
    expect(kept).toBe(1000);
    // ... and the one before them is gone: a retry of it runs again.
    expect(await store.claim("k28999", { token: "y", fingerprint: "fp", lockMs: 1 })).toBe(
      undefined,
    );
  });

  it("refuses a maxEntries that is not a whole number from 1", () => {
    for (const maxEntries of [0, 2.5, Number.POSITIVE_INFINITY]) {
      expect(() => memoryIdempotencyStore({ maxEntries })).toThrow(/maxEntries/);
    }
  });
});
