import { chownSync, mkdtempSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  findBinary,
  freePort,
  lifecycle,
  type RunningEngine,
  ServerProcess,
  unprivileged,
  waitUntil,
} from "./engine-process.js";

/** The options of `startPgBouncer`. */
export interface PgBouncerOptions {
  /** The Postgres it pools for (from `startPostgres`): every database name is passed through. */
  readonly postgres: RunningEngine;
  /** `transaction`: a server connection per transaction; `session`: per client connection. */
  readonly mode: "transaction" | "session";
  /** Server connections per database and user (pgbouncer's `default_pool_size`; default 20). */
  readonly poolSize?: number;
  /** Client connections accepted at once (`max_client_conn`; default 1000). */
  readonly maxClients?: number;
}

/** A running PgBouncer: `url` reaches the Postgres database `postgres` through it. */
export interface RunningPgBouncer extends RunningEngine {
  readonly mode: "transaction" | "session";
  /** The URL of database `name` through PgBouncer (same user, the pooler's port). */
  urlOf(database: string): string;
}

/** True once something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts PgBouncer (Debian package `pgbouncer`) as this test's own process on a free port, with its
 * own ini file in a new temporary folder, in front of `postgres`: trust authentication for the
 * user `postgres`, `pool_mode` as asked. It runs as `nobody` when the test runs as root (PgBouncer
 * refuses root). A missing binary is an error naming the package: nothing is skipped.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  const { postgres, mode, poolSize = 20, maxClients = 1000 } = options;
  const binary = findBinary("pgbouncer", "pgbouncer");
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-pgbouncer-"));
  const ini = join(dir, "pgbouncer.ini");
  const users = join(dir, "users.txt");
  writeFileSync(users, '"postgres" ""\n');
  writeFileSync(
    ini,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${postgres.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${users}`,
      `pool_mode = ${mode}`,
      `default_pool_size = ${poolSize}`,
      `max_client_conn = ${maxClients}`,
      // Clients (Bun.sql among them) may send these at startup; PgBouncer refuses unknown ones.
      "ignore_startup_parameters = extra_float_digits,options,search_path",
      "",
    ].join("\n"),
  );
  if (unprivileged !== undefined) {
    for (const path of [dir, ini, users]) chownSync(path, unprivileged.uid, unprivileged.gid);
  }
  let server: ServerProcess | undefined;
  const up = async () => {
    if (server !== undefined) return;
    const started = new ServerProcess(binary, [ini], unprivileged);
    server = started;
    await waitUntil(`pgbouncer on port ${port}`, started, () => listening(port));
  };
  const down = async () => {
    const current = server;
    server = undefined;
    // SIGINT: PgBouncer's safe shutdown (waits for clients' transactions) would wait on our own
    // pools; SIGTERM closes at once, which a test stopping its pooler wants.
    await current?.stop("SIGTERM");
  };
  await up();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf("postgres"),
    urlOf,
    port,
    dir,
    mode,
    ...lifecycle(dir, up, down),
  };
}
