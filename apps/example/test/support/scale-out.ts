import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

const appDir = join(import.meta.dirname, "..", "..");
const deploymentGuide = join(appDir, "..", "..", "docs", "deployment.md");
// The real bun binary running this file: a shim would swallow the signals meant for the app.
const bun = process.execPath;

/** Installs Debian's nginx and wrk when missing (CI machines start without them). */
export function ensureNginxAndWrk(): void {
  const missing = ["nginx", "wrk"].filter(
    (tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0,
  );
  if (missing.length === 0) return;
  const script = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  const result = spawnSync("sh", ["-c", script], { encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0) {
    throw new Error(`"${script}" failed:\n${`${result.stdout}\n${result.stderr}`.slice(-4000)}`);
  }
}

/** The `nginx` block of docs/deployment.md marked as tested, with its ports replaced. */
export function guideNginxConfig(upstreams: readonly number[], listen: number): string {
  const guide = readFileSync(deploymentGuide, "utf8");
  const match = /<!-- nginx: tested -->\n```nginx\n([\s\S]*?)```/.exec(guide);
  if (!match) throw new Error("docs/deployment.md has no tested nginx block");
  let config = match[1] as string;
  const written = [...config.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((found) => found[1]);
  if (written.length !== upstreams.length) {
    throw new Error(
      `the guide lists ${written.length} upstreams, the test runs ${upstreams.length}`,
    );
  }
  written.forEach((port, index) => {
    config = config.replace(`127.0.0.1:${port} `, `127.0.0.1:${upstreams[index]} `);
  });
  return config.replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${listen};`);
}

/** A whole nginx.conf around the guide's block, everything inside `folder`. */
function nginxConf(folder: string, http: string): string {
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(folder, name), { recursive: true });
  }
  return `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${http}
}
`;
}

/** Ends a process: SIGTERM, then SIGKILL if it is still running after 5 s. */
async function stop(process: Process): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill("SIGTERM");
  const timer = setTimeout(() => process.child.kill("SIGKILL"), 5_000);
  await process.exited;
  clearTimeout(timer);
}

interface Process {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
}

function start(command: string, args: readonly string[], env: Record<string, string>): Process {
  const child = spawn(command, args, {
    cwd: appDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

/** Polls `url` until it answers 200 (or throws after `ms`). */
async function until200(url: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await Bun.sleep(50);
  }
}

/** One example process, `bun src/main.ts`, on `port` with `reusePort`. */
function startExample(port: number): Process {
  return start(bun, ["src/main.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: ":memory:",
    REUSE_PORT: "1",
    NODE_ENV: "production",
  });
}

/** What wrk saw. */
export interface WrkSummary {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly non2xx: number;
  readonly socketErrors: number;
  readonly text: string;
}

function parseWrk(text: string): WrkSummary {
  const total = /(\d+) requests in/.exec(text);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!total || !rate) throw new Error(`unexpected wrk output:\n${text}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: socket ? socket.slice(1, 5).reduce((sum, count) => sum + Number(count), 0) : 0,
    text,
  };
}

/** One restart of the rolling restart: when it began and how it ended. */
export interface Restart {
  readonly port: number;
  readonly exitCode: number | null;
  /** Milliseconds from SIGTERM to the old process's exit. */
  readonly drainMs: number;
  /** Milliseconds from the replacement's spawn to its first 200 from /health/ready. */
  readonly startMs: number;
}

/** The outcome of one scale-out run. */
export interface ScaleOutResult {
  readonly nginx: string;
  readonly processes: number;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly wrk: WrkSummary;
  readonly restarts: readonly Restart[];
  /** Requests nginx answered 5xx itself, from its error log (upstream failures). */
  readonly nginxErrors: string;
}

/**
 * Two example processes behind nginx (the guide's configuration), wrk load for a fixed time, and a
 * rolling restart during it: SIGTERM one process, start its replacement on its port once it has
 * exited, wait until the replacement is ready, then the same for the other.
 */
export async function runScaleOut({
  durationSeconds = 12,
  connections = 16,
  path = "/users",
}: {
  durationSeconds?: number;
  connections?: number;
  path?: string;
} = {}): Promise<ScaleOutResult> {
  ensureNginxAndWrk();
  const folder = mkdtempSync(join(tmpdir(), "trellis-scale-out-"));
  const running: Process[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    const listen = await freePort();
    const conf = join(folder, "nginx.conf");
    writeFileSync(conf, nginxConf(folder, guideNginxConfig(ports, listen)));
    const slots = ports.map((port) => startExample(port));
    running.push(...slots);
    await Promise.all(ports.map((port) => until200(`http://127.0.0.1:${port}/health/ready`)));
    const nginx = start("nginx", ["-p", folder, "-c", conf, "-g", "daemon off;"], {});
    running.push(nginx);
    const front = `http://127.0.0.1:${listen}`;
    await until200(`${front}/health/ready`);

    const wrk = start(
      "wrk",
      ["-t1", `-c${connections}`, `-d${durationSeconds}s`, "--timeout", "5s", `${front}${path}`],
      {},
    );
    running.push(wrk);
    await Bun.sleep(Math.min(2000, (durationSeconds * 1000) / 6));
    const restarts: Restart[] = [];
    for (const [index, port] of ports.entries()) {
      const old = slots[index] as Process;
      const stopping = Date.now();
      old.child.kill("SIGTERM");
      const exitCode = await old.exited;
      const drainMs = Date.now() - stopping;
      const spawned = Date.now();
      const replacement = startExample(port);
      running.push(replacement);
      slots[index] = replacement;
      await until200(`http://127.0.0.1:${port}/health/ready`);
      restarts.push({ port, exitCode, drainMs, startMs: Date.now() - spawned });
      await Bun.sleep(500);
    }
    await wrk.exited;
    const errorLog = join(folder, "error.log");
    return {
      nginx: spawnSync("nginx", ["-v"], { encoding: "utf8" }).stderr.trim(),
      processes: ports.length,
      durationSeconds,
      connections,
      wrk: parseWrk(wrk.output()),
      restarts,
      nginxErrors: existsSync(errorLog) ? readFileSync(errorLog, "utf8").trim() : "",
    };
  } finally {
    // SIGTERM first: a SIGKILLed nginx master leaves its worker behind, holding the port.
    await Promise.all(running.map((process) => stop(process)));
    rmSync(folder, { recursive: true, force: true });
  }
}
