import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../test/support/databases.js";

const kinds = databaseKinds();
beforeAll(() => Promise.all(kinds.map((kind) => kind.start())), 120_000);
afterAll(() => Promise.all(kinds.map((kind) => kind.stop())));

describe.each(kinds)("DatabaseHealth on $name", (kind) => {
  it("is reachable while the database is open, and not after it is closed", async () => {
    const { health, close } = await kind.openStores();
    expect(await health.isReachable()).toBe(true);
    await close();
    expect(await health.isReachable()).toBe(false);
  });
});

describe("DatabaseHealth on a Postgres server that goes down", () => {
  it("is not reachable while the server is down, and reachable again once it is back", async () => {
    const postgres = kinds.find((kind) => kind.name === "Postgres");
    const engine = postgres?.engine;
    if (!postgres || !engine) throw new Error("the Postgres kind runs its own server");
    const { health, close } = await postgres.openStores();
    try {
      await engine.down();
      expect(await health.isReachable()).toBe(false);
      await engine.up();
      // The pool reconnects on the next query: no restart of the app.
      expect(await health.isReachable()).toBe(true);
    } finally {
      await close();
    }
  }, 60_000);
});
