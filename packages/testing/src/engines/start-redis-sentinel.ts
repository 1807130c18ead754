import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findBinary, freePort, ServerProcess, waitUntil } from "./engine-process.js";

/** A Redis failover group run by a test: a primary, a replica and Sentinels watching them. */
export interface RunningSentinelGroup {
  /** The master group's name the Sentinels monitor. */
  readonly name: string;
  /** The Sentinels, `"127.0.0.1:port"`. */
  readonly sentinels: readonly string[];
  /** The ports of the two data servers (the first starts as the primary). */
  readonly ports: readonly [number, number];
  /** The port of the primary the Sentinels name now. */
  primaryPort(): Promise<number>;
  /** Waits until `port` is the primary the Sentinels name and it says so itself (`ROLE`). */
  waitForPrimary(port: number, seconds?: number): Promise<void>;
  /** Kills a data server (SIGKILL): no flush, no goodbye, as a crashed host. */
  kill(port: number): Promise<void>;
  /** Stops every process and removes their folder. */
  stop(): Promise<void>;
}

async function send(port: number, command: string, args: string[]): Promise<unknown> {
  const { RedisClient } = await import("bun");
  const client = new RedisClient(`redis://127.0.0.1:${port}`, {
    autoReconnect: false,
    connectionTimeout: 1000,
  });
  try {
    return await client.send(command, args);
  } finally {
    client.close();
  }
}

/**
 * Starts a Redis failover group as this test's own processes (Debian package `redis-server`):
 * a primary, a replica of it and `sentinels` Sentinels (`redis-server --sentinel`, quorum 1, a
 * server down after 500 ms), each on a free port, and resolves once every Sentinel sees the
 * replica in sync. Failover is then `SENTINEL FAILOVER` or `kill(primary)`.
 *
 * @example
 * const group = await startRedisSentinel();
 * try { ... redisRateLimitStore({ sentinel: { sentinels: group.sentinels, name: group.name } }) ... }
 * finally { await group.stop(); }
 */
export async function startRedisSentinel(sentinels = 1): Promise<RunningSentinelGroup> {
  const binary = findBinary("redis-server", "redis-server");
  const dir = mkdtempSync(join(tmpdir(), "trellis-sentinel-"));
  const name = "trellis";
  const ports = [await freePort(), await freePort()] as const;
  const servers = new Map<number, ServerProcess>();
  const pings = async (port: number) => (await send(port, "PING", [])) === "PONG";
  const data = (port: number, replicaOf?: number) => {
    const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir];
    args.push("--dbfilename", `dump-${port}.rdb`, "--save", "", "--appendonly", "no");
    if (replicaOf !== undefined) args.push("--replicaof", "127.0.0.1", String(replicaOf));
    return new ServerProcess(binary, args);
  };
  const sentinelPorts: number[] = [];
  try {
    const [primary, replica] = ports;
    servers.set(primary, data(primary));
    await waitUntil(`redis-server on ${primary}`, servers.get(primary) as ServerProcess, () =>
      pings(primary),
    );
    servers.set(replica, data(replica, primary));
    await waitUntil(`replica on ${replica}`, servers.get(replica) as ServerProcess, async () => {
      const role = (await send(replica, "ROLE", [])) as unknown[];
      return role[3] === "connected";
    });
    for (let index = 0; index < sentinels; index++) {
      const port = await freePort();
      const config = join(dir, `sentinel-${port}.conf`);
      // Sentinel rewrites its own file: each needs one it may write.
      writeFileSync(
        config,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${primary} 1`,
          `sentinel down-after-milliseconds ${name} 500`,
          `sentinel failover-timeout ${name} 2000`,
          "",
        ].join("\n"),
      );
      const sentinel = new ServerProcess(binary, [config, "--sentinel"]);
      servers.set(port, sentinel);
      sentinelPorts.push(port);
      await waitUntil(`sentinel on ${port}`, sentinel, async () => {
        // The replica counts for a failover once the Sentinel read its link as up.
        const known = (await send(port, "SENTINEL", ["replicas", name])) as Record<
          string,
          unknown
        >[];
        return known.length === 1 && known[0]?.["master-link-status"] === "ok";
      });
    }
  } catch (error) {
    for (const server of servers.values()) await server.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const primaryPort = async (): Promise<number> => {
    for (const port of sentinelPorts) {
      const reply = await send(port, "SENTINEL", ["get-master-addr-by-name", name]).catch(
        () => undefined,
      );
      if (Array.isArray(reply)) return Number(reply[1]);
    }
    throw new Error("no Sentinel named a primary");
  };
  return {
    name,
    sentinels: sentinelPorts.map((port) => `127.0.0.1:${port}`),
    ports,
    primaryPort,
    async waitForPrimary(port, seconds = 20) {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const named = await primaryPort().catch(() => 0);
        const role = await send(port, "ROLE", []).catch(() => undefined);
        if (named === port && Array.isArray(role) && role[0] === "master") return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`waited ${seconds} s for 127.0.0.1:${port} to become the primary`);
    },
    async kill(port) {
      await servers.get(port)?.stop("SIGKILL");
      servers.delete(port);
    },
    async stop() {
      for (const server of servers.values()) await server.stop("SIGTERM");
      servers.clear();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
