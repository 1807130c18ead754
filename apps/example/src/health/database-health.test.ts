import { describe, expect, it } from "vitest";
import { inMemory, openDatabase } from "../database/open-database.js";
import { DatabaseHealth } from "./database-health.js";

describe("DatabaseHealth", () => {
  it("is reachable while the database is open, and not after it is closed", () => {
    const database = openDatabase(inMemory);
    const health = new DatabaseHealth(database);
    expect(health.isReachable()).toBe(true);
    database.close(true);
    expect(health.isReachable()).toBe(false);
  });
});
