import { join, resolve } from "node:path";

/** How the example server is started, read from the environment. */
export interface ExampleConfig {
  /** `PORT`, default 3000; 0 picks a free port. */
  readonly port: number;
  /** `HOST`, default: every interface. */
  readonly hostname: string | undefined;
  /** `DATABASE_PATH` (relative to the working directory), default `apps/example/data/users.sqlite`. */
  readonly databasePath: string;
  /** `REUSE_PORT=1`: share the port with other processes (one per core; Linux). */
  readonly reusePort: boolean;
}

/** The default database file, beside `src/`, whatever the working directory. */
export const defaultDatabasePath = join(import.meta.dirname, "..", "data", "users.sqlite");

/**
 * Reads `PORT`, `HOST`, `DATABASE_PATH` and `REUSE_PORT`; throws a readable error for a bad value.
 *
 * @example
 * const { port, databasePath } = readConfig(process.env);
 */
export function readConfig(env: Record<string, string | undefined>): ExampleConfig {
  return {
    port: readPort(env.PORT),
    hostname: env.HOST || undefined,
    databasePath: env.DATABASE_PATH ? resolvePath(env.DATABASE_PATH) : defaultDatabasePath,
    reusePort: env.REUSE_PORT === "1",
  };
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, not ${JSON.stringify(value)}.`);
  }
  return port;
}

// ":memory:" is SQLite's name for a database without a file; anything else is a path.
const resolvePath = (path: string): string => (path === ":memory:" ? path : resolve(path));
