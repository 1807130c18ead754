import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultDatabasePath, readConfig } from "./config.js";

describe("readConfig", () => {
  it("defaults to port 3000, every interface and data/users.sqlite beside src", () => {
    expect(readConfig({ REUSE_PORT: "1" }).reusePort).toBe(true);
    expect(readConfig({})).toEqual({
      reusePort: false,
      port: 3000,
      hostname: undefined,
      databasePath: defaultDatabasePath,
    });
    expect(defaultDatabasePath).toBe(resolve(import.meta.dirname, "..", "data", "users.sqlite"));
  });

  it("reads PORT, HOST and DATABASE_PATH (relative to the working directory)", () => {
    expect(readConfig({ PORT: "3999", HOST: "127.0.0.1", DATABASE_PATH: "tmp/u.sqlite" })).toEqual({
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

  it.each(["abc", "-1", "3000.5", " 3000", "65536", "0x10"])("rejects PORT=%j", (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(/PORT must be an integer from 0 to 65535/);
  });
});
