import { join } from "node:path";
// A real Postgres as this test's own process. Reached by path: @trellis/testing cannot be a
// dependency of the example (see packages/testing/test/support/example.ts).
import { type RunningEngine, startPostgres } from "@trellis/testing/engines";
import type { SQL } from "bun";
import { openDatabase } from "../../src/database/open-database.js";
import { openPostgres } from "../../src/database/open-postgres.js";
import { PostgresDatabaseHealth } from "../../src/database/postgres-database-health.js";
import { migratePostgres } from "../../src/database/postgres-migrations.js";
import { SqliteDatabaseHealth } from "../../src/database/sqlite-database-health.js";
import type { DatabaseHealth } from "../../src/health/database-health.js";
import type { AvatarRepository } from "../../src/users/avatar-repository.js";
import { PostgresAvatarRepository } from "../../src/users/postgres-avatar-repository.js";
import { PostgresUserRepository } from "../../src/users/postgres-user-repository.js";
import { SqliteAvatarRepository } from "../../src/users/sqlite-avatar-repository.js";
import { SqliteUserRepository } from "../../src/users/sqlite-user-repository.js";
import type { UserRepository } from "../../src/users/user-repository.js";
import { tempFolder } from "./example-server.js";

/** Where a fresh database lives: what `createExampleApp` and `readConfig` take. */
export type DatabaseLocation = { databasePath: string } | { databaseUrl: string };

/** The repositories and readiness check of one fresh database. */
export interface Stores {
  readonly users: UserRepository;
  readonly avatars: AvatarRepository;
  readonly health: DatabaseHealth;
  close(): Promise<void>;
}

/**
 * One kind of database the example runs on, for suites that run the same tests on each:
 * `describe.each(databaseKinds)`, `beforeAll(kind.start)`, `afterAll(kind.stop)`.
 */
export interface DatabaseKind {
  readonly name: "SQLite" | "Postgres";
  /** Starts the engine this kind needs (Postgres: its own server; SQLite: a temporary folder). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A new, empty database (not migrated yet). */
  create(): Promise<DatabaseLocation>;
  /** A new, empty, migrated database and its stores. */
  openStores(): Promise<Stores>;
  /** The running Postgres (to stop and restart it); undefined for SQLite. */
  readonly engine?: RunningEngine | undefined;
}

/** SQLite files in a temporary folder. */
export function sqliteKind(): DatabaseKind {
  let folder: { path: string; remove(): void } | undefined;
  let count = 0;
  const create = async () => {
    folder ??= tempFolder("trellis-example-sqlite-");
    return { databasePath: join(folder.path, `users-${++count}.sqlite`) };
  };
  return {
    name: "SQLite",
    start: async () => {},
    stop: async () => folder?.remove(),
    create,
    async openStores() {
      const database = openDatabase((await create()).databasePath);
      return {
        users: new SqliteUserRepository(database),
        avatars: new SqliteAvatarRepository(database),
        health: new SqliteDatabaseHealth(database),
        close: async () => database.close(true),
      };
    },
  };
}

/** Databases in a Postgres server of this test's own. */
export function postgresKind(): DatabaseKind {
  let engine: RunningEngine | undefined;
  let admin: SQL | undefined;
  let count = 0;
  const kind: DatabaseKind = {
    name: "Postgres",
    get engine() {
      return engine;
    },
    async start() {
      engine = await startPostgres();
      admin = openPostgres(engine.url);
    },
    async stop() {
      await admin?.close({ timeout: 0 });
      await engine?.stop();
    },
    async create() {
      if (!engine || !admin) throw new Error("start() the Postgres kind first");
      // A database per test: nothing is shared, and migrations start from nothing each time.
      const name = `example_${process.pid}_${++count}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      const url = new URL(engine.url);
      url.pathname = `/${name}`;
      return { databaseUrl: url.href };
    },
    async openStores() {
      const { databaseUrl } = (await kind.create()) as { databaseUrl: string };
      const sql = openPostgres(databaseUrl);
      await migratePostgres(sql);
      return {
        users: new PostgresUserRepository(sql),
        avatars: new PostgresAvatarRepository(sql),
        health: new PostgresDatabaseHealth(sql),
        close: () => sql.close({ timeout: 0 }),
      };
    },
  };
  return kind;
}

/** SQLite and Postgres, for `describe.each`: the same tests run on both. */
export const databaseKinds = (): DatabaseKind[] => [sqliteKind(), postgresKind()];
