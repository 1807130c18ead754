import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { User } from "../src/users/user.js";
import { type RunningExample, startExample, tempFolder } from "./support/example-server.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(databasePath: string): RunningExample {
  const example = startExample(databasePath);
  cleanups.push(() => example.stop());
  return example;
}

describe("users kept in SQLite across restarts", () => {
  it("creates the data folder on first start and keeps users for the next instance", async () => {
    const folder = tempFolder();
    cleanups.push(folder.remove);
    const databasePath = join(folder.path, "data", "users.sqlite");
    expect(existsSync(join(folder.path, "data"))).toBe(false);

    const first = start(databasePath);
    expect(existsSync(databasePath)).toBe(true);
    const ada = (await (
      await first.sendJson("/users", { name: "Ada", email: "ada@example.com" })
    ).json()) as User;
    const bulk = (await (
      await first.sendJson("/users/bulk", {
        users: [
          { name: "Alan", email: "alan@example.com" },
          { name: "Grace", email: "grace@example.com" },
        ],
      })
    ).json()) as User[];
    await first.stop();
    // A clean close leaves just the database file (no -wal or -shm to replay).
    expect(readdirSync(join(folder.path, "data"))).toEqual(["users.sqlite"]);

    const second = start(databasePath);
    expect(await (await second.request("/users")).json()).toEqual([ada, ...bulk]);
    expect(await (await second.request(`/users/${ada.id}`)).json()).toEqual(ada);
    // Constraints survive too: the e-mail is still taken.
    expect(
      (await second.sendJson("/users", { name: "Ada", email: "ada@example.com" })).status,
    ).toBe(409);
  });

  it("lets two instances share one file, each seeing what the other stored", async () => {
    const folder = tempFolder();
    cleanups.push(folder.remove);
    const databasePath = join(folder.path, "users.sqlite");
    const one = start(databasePath);
    const two = start(databasePath);
    const created = (await (
      await one.sendJson("/users", { name: "Ada", email: "ada@example.com" })
    ).json()) as User;
    expect(await (await two.request(`/users/${created.id}`)).json()).toEqual(created);
    expect((await two.sendJson("/users", { name: "Ada", email: "ADA@example.com" })).status).toBe(
      409,
    );
  });

  it("keeps nothing between in-memory instances", async () => {
    const first = start(":memory:");
    await first.sendJson("/users", { name: "Ada", email: "ada@example.com" });
    await first.stop();
    expect(await (await start(":memory:").request("/users")).json()).toEqual([]);
  });
});
