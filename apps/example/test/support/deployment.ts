// The deployment of docs/deployment.md, as a test's own processes: one Postgres, Redis when events
// go through it, N example processes on their own ports, nginx with the guide's block in front.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// Reached by path: @trellis/testing cannot be a dependency of the example.
import { freePort, type RunningEngine, startPostgres, startRedis } from "@trellis/testing/engines";
import { type RunningNginx, startNginx } from "./nginx.js";
import { appDir, type Process, start, stop, until200 } from "./processes.js";

/** How the instances publish their events to each other. */
export type EventEngine = "redis" | "postgres";

/** The real bun binary running this file: a shim would swallow the signals meant for the app. */
const bun = process.execPath;

/** Installs redis-server, postgresql, nginx and wrk when missing (scripts/ensure-engines.mjs). */
export function ensureEngines(): void {
  const script = join(appDir, "..", "..", "scripts", "ensure-engines.mjs");
  const result = spawnSync("node", [script], { encoding: "utf8", timeout: 900_000 });
  if (result.status !== 0) {
    throw new Error(`${script} failed:\n${`${result.stdout}\n${result.stderr}`.slice(-4000)}`);
  }
}

/** A running deployment. */
export interface Deployment {
  readonly folder: string;
  readonly events: EventEngine;
  readonly postgres: RunningEngine;
  readonly redis: RunningEngine | undefined;
  readonly nginx: RunningNginx;
  /** The instances' ports, in the upstream's order. */
  readonly ports: readonly number[];
  /** The process now serving each port (replaced by restarts). */
  readonly slots: Process[];
  /** Starts one more example process on `port` with the deployment's settings. */
  startInstance(port: number, env?: Record<string, string>): Process;
  stop(): Promise<void>;
}

/** Starts the whole deployment and waits until nginx answers `GET /health/ready` with 200. */
export async function startDeployment({
  instances = 3,
  events = "redis",
  entry = "src/main.ts",
}: {
  instances?: number;
  events?: EventEngine;
  /** What each instance runs, from the example's folder (default as documented). */
  entry?: string;
} = {}): Promise<Deployment> {
  ensureEngines();
  const folder = mkdtempSync(join(tmpdir(), "trellis-scale-out-"));
  const started: Process[] = [];
  let postgres: RunningEngine | undefined;
  let redis: RunningEngine | undefined;
  let nginx: RunningNginx | undefined;
  const stopAll = async () => {
    await nginx?.stop();
    await Promise.all(started.map((process) => stop(process)));
    await Promise.all([postgres?.stop(), redis?.stop()]);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    [postgres, redis] = await Promise.all([
      startPostgres(),
      events === "redis" ? startRedis() : undefined,
    ]);
    const env: Record<string, string> = {
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      // Behind the guide's nginx: client addresses and request ids come from it.
      TRUSTED_PROXY_HOPS: "1",
      DATABASE_URL: postgres.url,
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    const startInstance = (port: number, extra: Record<string, string> = {}) => {
      const instance = start(bun, [entry], { ...env, ...extra, PORT: String(port) });
      started.push(instance);
      return instance;
    };
    const ports: number[] = [];
    for (let index = 0; index < instances; index++) ports.push(await freePort());
    const slots = ports.map((port) => startInstance(port));
    await Promise.all(
      ports.map((port, index) =>
        until200(`http://127.0.0.1:${port}/health/ready`, slots[index] as Process),
      ),
    );
    nginx = startNginx(folder, ports, await freePort());
    await until200(`${nginx.url}/health/ready`, nginx.process);
    return {
      folder,
      events,
      postgres,
      redis,
      nginx,
      ports,
      slots,
      startInstance,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
