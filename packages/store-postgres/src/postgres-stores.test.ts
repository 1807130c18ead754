import { within } from "@trellis/testing";
import { type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExpiredRows, PostgresConnection } from "./postgres-connection.js";
import { postgresIdempotencyStore } from "./postgres-idempotency-store.js";
import { postgresRateLimitStore } from "./postgres-rate-limit-store.js";

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

const count = async (table: string) =>
  Number(((await sql.unsafe(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[])[0]?.n);

describe("postgresRateLimitStore", () => {
  it("counts each key in its own fixed window, with the time left", async () => {
    const store = postgresRateLimitStore({ url: postgres.url, table: "rl_count" });
    try {
      const counts: number[] = [];
      for (let index = 0; index < 3; index++) counts.push((await store.hit("a", 60_000)).count);
      expect(counts).toEqual([1, 2, 3]);
      const other = await store.hit("b", 60_000);
      expect(other.count).toBe(1);
      expect(other.resetMs).toBeGreaterThan(0);
      expect(other.resetMs).toBeLessThanOrEqual(60_000);
      expect(await count("rl_count")).toBe(2);
    } finally {
      await store.close?.();
    }
  });

  it("starts a new window once the old one ended", async () => {
    const store = postgresRateLimitStore({ sql, table: "rl_window" });
    expect((await store.hit("k", 60_000)).count).toBe(1);
    expect((await store.hit("k", 60_000)).count).toBe(2);
    // The window ends (as if its time had passed): the next hit counts 1 again, with a new window.
    await sql.unsafe("UPDATE rl_window SET expires_at = clock_timestamp() - interval '1 second'");
    const next = await store.hit("k", 60_000);
    expect(next).toMatchObject({ count: 1 });
    expect(next.resetMs).toBeGreaterThan(50_000);
  });

  it("deletes ended windows in bounded batches, a full batch followed by the next at once", async () => {
    const options = { sql, table: "rl_cleanup", cleanup: { batch: 100, everyMs: 60_000 } };
    // The table as the store makes it, but no store yet: a store's first hit starts a cleanup of
    // its own, which would race the batches counted here.
    await sql.unsafe(
      "CREATE TABLE rl_cleanup (key text PRIMARY KEY, count bigint NOT NULL, expires_at timestamptz NOT NULL)",
    );
    await sql.unsafe(
      "INSERT INTO rl_cleanup VALUES ('live', 1, clock_timestamp() + interval '1 minute')",
    );
    await sql.unsafe(
      "INSERT INTO rl_cleanup SELECT 'old' || n, 1, clock_timestamp() - interval '1 minute' FROM generate_series(1, 250) n",
    );
    const connection = new PostgresConnection(options, "unused", "test", () => []);
    const expired = new ExpiredRows(connection);
    const deleted: (number | undefined)[] = [];
    for (let round = 0; round < 4; round++) deleted.push(await expired.maybe());
    // 100, 100, then 50 (not a full batch: the next waits its interval).
    expect(deleted).toEqual([100, 100, 50, undefined]);
    expect(await count("rl_cleanup")).toBe(1);
    const store = postgresRateLimitStore(options);
    expect((await store.hit("live", 60_000)).count).toBe(2);
  });

  it("cleans up behind its own hits", async () => {
    const store = postgresRateLimitStore({ sql, table: "rl_behind", cleanup: { everyMs: 0 } });
    await store.hit("a", 60_000);
    await sql.unsafe("UPDATE rl_behind SET expires_at = clock_timestamp() - interval '1 second'");
    await store.hit("b", 60_000);
    await within(
      (async () => {
        while ((await count("rl_behind")) !== 1) await store.hit("b", 60_000);
      })(),
      10,
      "the ended window deleted",
    );
    expect(await count("rl_behind")).toBe(1);
  });

  it("refuses bad options with what to give", () => {
    expect(() => postgresRateLimitStore({ sql, table: "Bad-Name" })).toThrow(/table must be/);
    expect(() => postgresRateLimitStore({ url: "" })).toThrow(/give a url/);
    expect(() => postgresRateLimitStore({ sql, cleanup: { batch: 0 } })).toThrow(/cleanup/);
  });
});

describe("postgresIdempotencyStore", () => {
  const response = {
    status: 201,
    headers: [["content-type", "application/octet-stream"]] as [string, string][],
    body: new Uint8Array(Array.from({ length: 256 }, (_, index) => index)),
  };

  it("claims a key once, then reports it running, then done with the response byte for byte", async () => {
    const store = postgresIdempotencyStore({ url: postgres.url, table: "idem_flow" });
    try {
      const claim = { token: "t1", fingerprint: "fp", lockMs: 30_000 };
      expect(await store.claim("k", claim)).toBeUndefined();
      expect(await store.claim("k", { ...claim, token: "t2", fingerprint: "other" })).toEqual({
        state: "running",
        fingerprint: "fp",
      });
      // Only the holder's token completes it.
      await store.complete("k", "t2", response, 60_000);
      expect((await store.claim("k", { ...claim, token: "t4" }))?.state).toBe("running");
      await store.complete("k", "t1", response, 60_000);
      const done = await store.claim("k", { ...claim, token: "t3" });
      expect(done).toEqual({ state: "done", fingerprint: "fp", response });
    } finally {
      await store.close?.();
    }
  });

  it("releases a key only for its holder, so a retry may claim it again", async () => {
    const store = postgresIdempotencyStore({ sql, table: "idem_release" });
    const claim = { token: "mine", fingerprint: "fp", lockMs: 30_000 };
    expect(await store.claim("k", claim)).toBeUndefined();
    await store.release("k", "theirs");
    expect((await store.claim("k", { ...claim, token: "x" }))?.state).toBe("running");
    await store.release("k", "mine");
    expect(await store.claim("k", { ...claim, token: "next" })).toBeUndefined();
  });

  it("lets a retry take over a claim whose lock ran out (a crashed instance)", async () => {
    const store = postgresIdempotencyStore({ sql, table: "idem_lock" });
    expect(await store.claim("k", { token: "a", fingerprint: "fp", lockMs: 30_000 })).toBe(
      undefined,
    );
    await sql.unsafe("UPDATE idem_lock SET expires_at = clock_timestamp() - interval '1 second'");
    expect(await store.claim("k", { token: "b", fingerprint: "fp2", lockMs: 30_000 })).toBe(
      undefined,
    );
    // The old holder cannot complete it any more; the new one can.
    await store.complete("k", "a", response, 60_000);
    expect(await store.claim("k", { token: "c", fingerprint: "fp", lockMs: 1 })).toEqual({
      state: "running",
      fingerprint: "fp2",
    });
    await store.complete("k", "b", response, 60_000);
    expect((await store.claim("k", { token: "d", fingerprint: "fp", lockMs: 1 }))?.state).toBe(
      "done",
    );
  });

  it("claims one key exactly once among 200 concurrent claims", async () => {
    const store = postgresIdempotencyStore({ sql, table: "idem_race" });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        store.claim("same", { token: `t${index}`, fingerprint: "fp", lockMs: 30_000 }),
      ),
    );
    expect(answers.filter((answer) => answer === undefined)).toHaveLength(1);
    expect(answers.filter((answer) => answer?.state === "running")).toHaveLength(199);
  });
});
