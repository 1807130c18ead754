import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type EngineUnderTest,
  findBinary,
  freePort,
  lifecycle,
  ServerProcess,
  waitUntil,
} from "./engine-process.js";

/** True once the server answers PING with PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/**
 * Starts `redis-server` (Debian package `redis-server`) as this test's own process on a free port,
 * with its data in a new temporary folder. The append-only file is on (flushed when the server
 * stops), so `down`/`up`/`restart` keep what reached the engine, as a production Redis with
 * persistence would. A missing binary is an error naming the package: nothing is skipped.
 *
 * @example
 * const redis = await startRedis();
 * try { ... new RedisClient(redis.url) ... } finally { await redis.stop(); }
 */
export async function startRedis(): Promise<EngineUnderTest> {
  const binary = findBinary("redis-server", "redis-server");
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "trellis-redis-"));
  const args = [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "yes",
    "--daemonize",
    "no",
    "--protected-mode",
    "no",
  ];
  let server: ServerProcess | undefined;
  const up = async () => {
    if (server !== undefined) return;
    const started = new ServerProcess(binary, args);
    server = started;
    await waitUntil(`redis-server on port ${port}`, started, () => pings(port));
  };
  const down = async () => {
    const current = server;
    server = undefined;
    // SIGTERM: Redis flushes its append-only file, then exits.
    await current?.stop("SIGTERM");
  };
  await up();
  // SIGSTOP: the process stops answering but its sockets stay open (a stalled Redis).
  const signal = (name: NodeJS.Signals) => {
    if (server === undefined) throw new Error("redis-server is down: nothing to pause or resume");
    server.child.kill(name);
  };
  return {
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    ...lifecycle(dir, up, down),
  };
}
