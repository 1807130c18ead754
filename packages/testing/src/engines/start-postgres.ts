import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type EngineUnderTest,
  findBinary,
  freePort,
  lifecycle,
  runToEnd,
  ServerProcess,
  unprivileged,
  waitUntil,
} from "./engine-process.js";

const apt = "postgresql";

/** True once the server accepts connections (`pg_isready` exits 0). */
function accepts(isReady: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      isReady,
      ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-t", "1"],
      (error) => resolve(error === null),
    );
  });
}

/**
 * Starts a Postgres cluster (Debian package `postgresql`) as this test's own process on a free
 * port, in a new temporary folder: `initdb` with trust authentication for the user `postgres`,
 * then `postgres` itself (as `nobody` when the test runs as root, which Postgres refuses).
 * Connect with `url` (for example `Bun.sql`'s `new SQL(url)`). `down`/`up`/`restart` stop and start
 * the same cluster (a fast shutdown: committed data survives); `pause`/`resume` stall it (every
 * process of the cluster stopped, its sockets left open). A missing binary is an error naming the
 * package: nothing is skipped.
 */
export async function startPostgres(): Promise<EngineUnderTest> {
  const initdb = findBinary("initdb", apt);
  const postgres = findBinary("postgres", apt);
  const isReady = findBinary("pg_isready", apt);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-postgres-"));
  const data = join(dir, "data");
  if (unprivileged !== undefined) chownSync(dir, unprivileged.uid, unprivileged.gid);
  runToEnd(
    initdb,
    ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
    unprivileged,
  );
  // Durability settings off: a test cluster trades crash safety for speed (a clean stop keeps all).
  const args = [
    "-D",
    data,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ];
  let server: ServerProcess | undefined;
  const up = async () => {
    if (server !== undefined) return;
    const started = new ServerProcess(postgres, args, unprivileged);
    server = started;
    await waitUntil(`postgres on port ${port}`, started, () => accepts(isReady, port));
  };
  const down = async () => {
    const current = server;
    server = undefined;
    // SIGINT: a fast shutdown (clients are disconnected, committed data is kept).
    await current?.stop("SIGINT");
  };
  await up();
  // Each connection has a backend process of its own, forked by the postmaster: a stall stops
  // them all (the postmaster first, so that no new one starts meanwhile).
  const signal = (name: NodeJS.Signals) => {
    const pid = server?.child.pid;
    if (pid === undefined) throw new Error("postgres is down: nothing to pause or resume");
    for (const each of [pid, ...childrenOf(pid)]) process.kill(each, name);
  };
  return {
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    ...lifecycle(dir, up, down),
  };
}

/** The processes whose parent is `pid` (from /proc: Linux only, as the engines are). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}
