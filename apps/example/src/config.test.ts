import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseEventTransport, defaultDatabasePath, readConfig } from "./config.js";

describe("readConfig", () => {
  it("defaults to port 3000, every interface, data/users.sqlite beside src and one process", () => {
    expect(readConfig({ REUSE_PORT: "1" }).reusePort).toBe(true);
    expect(readConfig({})).toEqual({
      reusePort: false,
      port: 3000,
      hostname: undefined,
      databasePath: defaultDatabasePath,
      databaseUrl: undefined,
      redisUrl: undefined,
      workers: 0,
    });
    expect(defaultDatabasePath).toBe(resolve(import.meta.dirname, "..", "data", "users.sqlite"));
  });

  it("reads DRAIN_MS (serve's drain after SIGTERM) and refuses what is not whole milliseconds", () => {
    expect(readConfig({ DRAIN_MS: "5000" }).drainMs).toBe(5000);
    expect(readConfig({ DRAIN_MS: "0" }).drainMs).toBe(0);
    for (const bad of ["-1", "1.5", "soon", "600001"]) {
      expect(() => readConfig({ DRAIN_MS: bad }), bad).toThrow(/DRAIN_MS must be/);
    }
  });

  it("reads PORT, HOST and DATABASE_PATH (relative to the working directory)", () => {
    expect(
      readConfig({ PORT: "3999", HOST: "127.0.0.1", DATABASE_PATH: "tmp/u.sqlite" }),
    ).toMatchObject({
      reusePort: false,
      port: 3999,
      hostname: "127.0.0.1",
      databasePath: join(process.cwd(), "tmp/u.sqlite"),
    });
    expect(readConfig({ PORT: "0", DATABASE_PATH: ":memory:" })).toMatchObject({
      port: 0,
      databasePath: ":memory:",
    });
  });

  it("takes the entry point's default database, asked only when nothing else says", () => {
    let asked = 0;
    const databasePath = () => `/data/${++asked}.sqlite`;
    expect(readConfig({}, { databasePath }).databasePath).toBe("/data/1.sqlite");
    expect(readConfig({ DATABASE_PATH: "/x.sqlite" }, { databasePath }).databasePath).toBe(
      "/x.sqlite",
    );
    const url = "postgres://app:secret@db:5432/users";
    expect(readConfig({ DATABASE_URL: url }, { databasePath })).toMatchObject({
      databaseUrl: url,
      databasePath: undefined,
    });
    expect(asked).toBe(1);
  });

  it("reads DATABASE_URL (Postgres), REDIS_URL and WORKERS", () => {
    expect(
      readConfig({
        DATABASE_URL: "postgresql://db/users",
        REDIS_URL: "rediss://cache:6380",
        WORKERS: "4",
      }),
    ).toMatchObject({
      databaseUrl: "postgresql://db/users",
      redisUrl: "rediss://cache:6380",
      workers: 4,
    });
  });

  it.each(["abc", "-1", "3000.5", " 3000", "65536", "0x10"])("rejects PORT=%j", (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(/PORT must be an integer from 0 to 65535/);
  });

  it.each(["-1", "2.5", "many", "257"])("rejects WORKERS=%j", (workers) => {
    expect(() => readConfig({ WORKERS: workers })).toThrow(
      /WORKERS must be an integer from 0 to 256/,
    );
  });

  it("rejects a DATABASE_URL or REDIS_URL of another kind, without repeating it (a password)", () => {
    const mysql = "mysql://root:hunter2@db/users";
    expect(() => readConfig({ DATABASE_URL: mysql })).toThrow(
      "DATABASE_URL must be a URL starting with postgres:// or postgresql://, not mysql://.",
    );
    expect(() => readConfig({ DATABASE_URL: "hunter2" })).toThrow(
      "DATABASE_URL must be a URL starting with postgres:// or postgresql://.",
    );
    expect(() => readConfig({ REDIS_URL: "http://user:hunter2@cache" })).toThrow(
      /^REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\/.*, not http:\/\/\.$/,
    );
  });

  it("refuses DATABASE_PATH and DATABASE_URL together: one of them would be ignored", () => {
    expect(() =>
      readConfig({ DATABASE_PATH: "users.sqlite", DATABASE_URL: "postgres://db/users" }),
    ).toThrow(/DATABASE_URL \(Postgres\) or DATABASE_PATH \(SQLite\), not both/);
  });
});

describe("chooseEventTransport", () => {
  const redisUrl = "redis://cache:6379";
  const databaseUrl = "postgres://db/users";

  it("publishes through Redis when REDIS_URL is set, whatever the database", () => {
    expect(chooseEventTransport({ redisUrl, databaseUrl })).toEqual({
      kind: "redis",
      url: redisUrl,
    });
    expect(chooseEventTransport({ redisUrl })).toEqual({ kind: "redis", url: redisUrl });
  });

  it("publishes through Postgres when only DATABASE_URL is set", () => {
    expect(chooseEventTransport({ databaseUrl })).toEqual({ kind: "postgres", url: databaseUrl });
  });

  it("publishes in process when neither is set (the README's two commands)", () => {
    expect(chooseEventTransport({})).toEqual({ kind: "in-process" });
    expect(chooseEventTransport(readConfig({}))).toEqual({ kind: "in-process" });
  });
});
