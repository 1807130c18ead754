import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEngine } from "./engine-process.js";
import { findBinary } from "./engine-process.js";
import { startPgBouncer } from "./start-pgbouncer.js";
import { startPostgres } from "./start-postgres.js";
import { startRedis } from "./start-redis.js";

describe("startRedis", () => {
  let redis: RunningEngine;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());

  it("serves on its own port and keeps its data across a restart", async () => {
    const { RedisClient } = await import("bun");
    const client = new RedisClient(redis.url);
    await client.set("kept", "yes");
    client.close();
    await redis.restart();
    const again = new RedisClient(redis.url);
    expect(await again.get("kept")).toBe("yes");
    again.close();
  });
});

describe("startPostgres", () => {
  let postgres: RunningEngine;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres.stop());

  it("serves on its own port and keeps committed rows across a restart", async () => {
    const { SQL } = await import("bun");
    const sql = new SQL(postgres.url);
    await sql`create table kept (value text)`;
    await sql`insert into kept values ('yes')`;
    await sql.close();
    await postgres.restart();
    const again = new SQL(postgres.url);
    expect([...(await again`select value from kept`)]).toEqual([{ value: "yes" }]);
    await again.close();
  });
});

describe("startPgBouncer", () => {
  let postgres: RunningEngine;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres.stop());

  it("pools in the mode asked: transaction mode refuses named statements, session mode keeps them", async () => {
    const { SQL } = await import("bun");
    // Many statements on few client connections: named ones collide on the pooled server side.
    const burst = async (url: string, prepare: boolean) => {
      const sql = new SQL(url, { max: 3, prepare });
      try {
        await Promise.all(Array.from({ length: 30 }, (_, n) => sql`SELECT ${n}::int AS n`));
        return "ok";
      } catch (error) {
        return (error as Error).message;
      } finally {
        await sql.close();
      }
    };
    const transaction = await startPgBouncer({ postgres, mode: "transaction", poolSize: 2 });
    const session = await startPgBouncer({ postgres, mode: "session" });
    try {
      expect(await burst(transaction.url, true)).toMatch(/prepared statement/);
      expect(await burst(transaction.url, false)).toBe("ok");
      expect(await burst(session.url, true)).toBe("ok");
      expect(transaction.urlOf("other")).toBe(
        `postgres://postgres@127.0.0.1:${transaction.port}/other`,
      );
    } finally {
      await transaction.stop();
      await session.stop();
    }
  });
});

describe("a missing engine", () => {
  it("fails loudly, naming the Debian package", () => {
    expect(() => findBinary("no-such-engine-binary", "some-package")).toThrow(
      /apt-get install -y some-package/,
    );
  });
});
