// The cost of a pub/sub adapter on a publishing request: the same app (publish-app.ts) with each
// adapter, one process each, a WebSocket subscriber on each, wrk on GET /publish in interleaved
// rounds; the median requests per second of each, and its ratio to in-process.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { freePort, startPostgres, startRedis } from "@trellis/testing/engines";
import { parseWrk } from "../../apps/example/test/support/wrk.js";

export interface PublishCost {
  readonly rounds: number;
  readonly secondsPerRound: number;
  readonly connections: number;
  /** Median requests per second per engine, and the ratio of in-process's to it. */
  readonly engines: readonly { engine: string; perSecond: number; slowdown: number }[];
}

const engines = ["in-process", "redis", "postgres"] as const;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    // The bench folder: Bun reads the decorator settings from its tsconfig.json.
    cwd: join(import.meta.dirname, ".."),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

async function until200(url: string, server: ReturnType<typeof run>) {
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (server.child.exitCode !== null) throw new Error(`the app exited:\n${server.output()}`);
    await Bun.sleep(50);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Measures it; engines are started here and stopped at the end. */
export async function measurePublishCost({
  rounds = 5,
  secondsPerRound = 3,
  connections = 8,
} = {}): Promise<PublishCost> {
  const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  const apps: { engine: string; port: number; server: ReturnType<typeof run> }[] = [];
  const sockets: WebSocket[] = [];
  try {
    for (const engine of engines) {
      const port = await freePort();
      const server = run(process.execPath, ["scale-out/publish-app.ts"], {
        ENGINE: engine,
        PORT: String(port),
        REDIS_URL: redis.url,
        DATABASE_URL: postgres.url,
        NODE_ENV: "production",
      });
      apps.push({ engine, port, server });
      await until200(`http://127.0.0.1:${port}/publish`, server);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/users`);
      await new Promise((resolve) => (socket.onopen = resolve));
      sockets.push(socket);
    }
    const perSecond = new Map<string, number[]>(engines.map((engine) => [engine, []]));
    const wrk = (port: number, seconds: number) =>
      run("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, `http://127.0.0.1:${port}/publish`]);
    for (const app of apps) await wrk(app.port, 1).exited; // warm-up
    for (let round = 0; round < rounds; round++) {
      // A different order each round, so no engine always runs first or last.
      const order = apps.map((_, index) => apps[(index + round) % apps.length]!);
      for (const app of order) {
        const load = wrk(app.port, secondsPerRound);
        await load.exited;
        const summary = parseWrk(load.output());
        if (summary.non2xx > 0 || summary.socketErrors > 0) {
          throw new Error(`${app.engine}: errors under load\n${summary.text}`);
        }
        perSecond.get(app.engine)?.push(summary.requestsPerSecond);
      }
    }
    const base = median(perSecond.get("in-process") ?? []);
    return {
      rounds,
      secondsPerRound,
      connections,
      engines: engines.map((engine) => {
        const value = median(perSecond.get(engine) ?? []);
        return { engine, perSecond: Math.round(value), slowdown: base / value };
      }),
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const app of apps) {
      app.server.child.kill("SIGTERM");
      await app.server.exited;
    }
    await Promise.all([redis.stop(), postgres.stop()]);
  }
}
