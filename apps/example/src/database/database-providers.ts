import { Database } from "bun:sqlite";
import type { Provider } from "@trellis/core";
import { SQL } from "bun";
import { DatabaseHealth } from "../health/database-health.js";
import { AvatarRepository } from "../users/avatar-repository.js";
import { PostgresAvatarRepository } from "../users/postgres-avatar-repository.js";
import { PostgresUserRepository } from "../users/postgres-user-repository.js";
import { SqliteAvatarRepository } from "../users/sqlite-avatar-repository.js";
import { SqliteUserRepository } from "../users/sqlite-user-repository.js";
import { UserRepository } from "../users/user-repository.js";
import { CloseDatabase } from "./close-database.js";
import { openDatabase } from "./open-database.js";
import { openPostgres } from "./open-postgres.js";
import { PostgresDatabaseHealth } from "./postgres-database-health.js";
import { PostgresLifecycle } from "./postgres-lifecycle.js";
import { SqliteDatabaseHealth } from "./sqlite-database-health.js";

/** Which database the example keeps its data in. */
export type DatabaseChoice =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

/** The providers of one database, and how to let go of it when the app could not be built. */
export interface DatabaseProviders {
  readonly providers: readonly Provider[];
  /** Closes the connection (only for a failed `createApp`: a built app closes it on shutdown). */
  abandon(): void;
}

/**
 * The repositories, the readiness check and the lifecycle of the chosen database, bound to the
 * engine-independent tokens (`UserRepository`, `AvatarRepository`, `DatabaseHealth`). SQLite is
 * opened and migrated here, synchronously; Postgres connects on first use and migrates in
 * `onInit` (then `await app.ready`).
 *
 * @example
 * const { providers } = databaseProviders({ kind: "sqlite", path: ":memory:" });
 */
export function databaseProviders(choice: DatabaseChoice): DatabaseProviders {
  if (choice.kind === "postgres") {
    const sql = openPostgres(choice.url);
    return {
      providers: [
        { provide: SQL, useValue: sql },
        PostgresLifecycle,
        { provide: UserRepository, useClass: PostgresUserRepository },
        { provide: AvatarRepository, useClass: PostgresAvatarRepository },
        { provide: DatabaseHealth, useClass: PostgresDatabaseHealth },
      ],
      abandon: () => void sql.close({ timeout: 0 }),
    };
  }
  const database = openDatabase(choice.path);
  return {
    providers: [
      { provide: Database, useValue: database },
      CloseDatabase,
      { provide: UserRepository, useClass: SqliteUserRepository },
      { provide: AvatarRepository, useClass: SqliteAvatarRepository },
      { provide: DatabaseHealth, useClass: SqliteDatabaseHealth },
    ],
    abandon: () => database.close(true),
  };
}
