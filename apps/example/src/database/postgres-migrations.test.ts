import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresKind } from "../../test/support/databases.js";
import { openPostgres } from "./open-postgres.js";
import { migratePostgres, postgresSchemaVersion } from "./postgres-migrations.js";

const kind = postgresKind();
beforeAll(() => kind.start(), 120_000);
afterAll(() => kind.stop());

async function freshDatabase(): Promise<string> {
  return ((await kind.create()) as { databaseUrl: string }).databaseUrl;
}

describe("migratePostgres", () => {
  it("creates the tables on a new database, and records each version once", async () => {
    const sql = openPostgres(await freshDatabase());
    try {
      await migratePostgres(sql);
      await migratePostgres(sql); // nothing left to do the second time
      const versions = await sql`SELECT version FROM schema_migrations ORDER BY version`;
      expect(versions.map((row: { version: number }) => row.version)).toEqual(
        Array.from({ length: postgresSchemaVersion }, (_, index) => index + 1),
      );
      expect([...(await sql`SELECT count(*)::int AS n FROM users`)]).toEqual([{ n: 0 }]);
    } finally {
      await sql.close({ timeout: 0 });
    }
  });

  it("migrates once when 10 instances start at once on a new database", async () => {
    const url = await freshDatabase();
    // Separate pools, as separate processes would have: each takes its own session's lock. Ten
    // connections at once wait on a busy machine's Postgres longer than the app's 5 s default.
    const pools = Array.from({ length: 10 }, () => openPostgres(url, { connectionTimeout: 60 }));
    try {
      // Connected first, so the migrations really run at the same time.
      await Promise.all(pools.map((sql) => sql`SELECT 1`));
      const outcomes = await Promise.allSettled(pools.map((sql) => migratePostgres(sql)));
      expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
      const [first] = pools as [ReturnType<typeof openPostgres>];
      const [{ n }] = await first`SELECT count(*)::int AS n FROM schema_migrations`;
      expect(n).toBe(postgresSchemaVersion);
    } finally {
      await Promise.all(pools.map((sql) => sql.close({ timeout: 0 })));
    }
  });

  it("refuses a database written by a newer version of the app", async () => {
    const sql = openPostgres(await freshDatabase());
    try {
      await migratePostgres(sql);
      await sql`INSERT INTO schema_migrations (version) VALUES (${postgresSchemaVersion + 1})`;
      await expect(migratePostgres(sql)).rejects.toThrow(/newer than this app/);
    } finally {
      await sql.close({ timeout: 0 });
    }
  });
});
