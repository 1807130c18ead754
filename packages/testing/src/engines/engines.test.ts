import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEngine } from "./engine-process.js";
import { findBinary } from "./engine-process.js";
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

describe("a missing engine", () => {
  it("fails loudly, naming the Debian package", () => {
    expect(() => findBinary("no-such-engine-binary", "some-package")).toThrow(
      /apt-get install -y some-package/,
    );
  });
});
