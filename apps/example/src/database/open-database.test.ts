import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { schemaVersion } from "./migrate.js";
import { inMemory, openDatabase } from "./open-database.js";

const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "trellis-example-db-"));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const userVersion = (database: ReturnType<typeof openDatabase>) =>
  (database.query("PRAGMA user_version").get() as { user_version: number }).user_version;

describe("openDatabase", () => {
  it("creates the missing folders and the file, with the users table", () => {
    const path = join(tempFolder(), "nested", "deeper", "users.sqlite");
    const database = openDatabase(path);
    expect(userVersion(database)).toBe(schemaVersion);
    expect(database.query("SELECT count(*) AS n FROM users").get()).toEqual({ n: 0 });
    database.close(true);
    expect(readdirSync(join(path, ".."))).toEqual(["users.sqlite"]);
  });

  it("keeps the data of an earlier open and migrates only once", () => {
    const path = join(tempFolder(), "users.sqlite");
    const first = openDatabase(path);
    first.run("INSERT INTO users (id, name, email) VALUES ('1', 'Ada', 'ada@example.com')");
    first.close(true);
    const second = openDatabase(path);
    expect(second.query("SELECT name FROM users").all()).toEqual([{ name: "Ada" }]);
    expect(userVersion(second)).toBe(schemaVersion);
    second.close(true);
  });

  it("makes e-mail addresses unique regardless of case", () => {
    const database = openDatabase(inMemory);
    database.run("INSERT INTO users (id, name, email) VALUES ('1', 'Ada', 'ada@example.com')");
    expect(() =>
      database.run("INSERT INTO users (id, name, email) VALUES ('2', 'Ada', 'ADA@example.com')"),
    ).toThrow(/UNIQUE constraint failed: users\.email/);
    database.close(true);
  });

  it("refuses a database written by a newer version of the app", () => {
    const path = join(tempFolder(), "users.sqlite");
    const database = openDatabase(path);
    database.run(`PRAGMA user_version = ${schemaVersion + 1}`);
    database.close(true);
    expect(() => openDatabase(path)).toThrow(/newer than this app/);
  });
});
