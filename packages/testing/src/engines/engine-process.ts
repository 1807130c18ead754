import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";

/** A database server started by a test as its own child process, in its own temporary folder. */
export interface RunningEngine {
  /** The URL a client connects with (`redis://…`, `postgres://…`). */
  readonly url: string;
  readonly port: number;
  /** The server's data folder (removed by `stop`). */
  readonly dir: string;
  /** Stops the server process and keeps its data: the engine is down until `up`. */
  down(): Promise<void>;
  /** Starts the server again on the same port with the same data. */
  up(): Promise<void>;
  /** `down` then `up`. */
  restart(): Promise<void>;
  /** Stops the server for good and removes its folder. */
  stop(): Promise<void>;
}

/** An engine a test can also stall: it keeps its sockets open but answers nothing. */
export interface EngineUnderTest extends RunningEngine {
  /** Stops the process where it stands (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a paused process run on (SIGCONT). */
  resume(): void;
}

/**
 * The lifecycle every engine under test shares, from its own `up` and `down`: `restart` is one
 * then the other, `stop` takes it down for good and removes its folder.
 */
export function lifecycle(
  dir: string,
  up: () => Promise<void>,
  down: () => Promise<void>,
): Pick<RunningEngine, "up" | "down" | "restart" | "stop"> {
  return {
    up,
    down,
    async restart() {
      await down();
      await up();
    },
    async stop() {
      await down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const installHint = (apt: string) =>
  `Install it with \`apt-get update && apt-get install -y ${apt}\` (or run node scripts/ensure-engines.mjs).`;

/** The path of an engine's binary, or a loud error naming the Debian package that brings it. */
export function findBinary(name: string, apt: string): string {
  const postgresBins = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)
    : [];
  const pathDirs = (process.env.PATH ?? "").split(":").filter(Boolean);
  for (const dir of [...pathDirs, ...postgresBins, "/usr/sbin", "/usr/bin"]) {
    const candidate = `${dir}/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`The test engine binary "${name}" is missing. ${installHint(apt)}`);
}

/** Runs a command to its end (as `user` when given), throwing its output when it fails. */
export function runToEnd(command: string, args: readonly string[], user?: SpawnUser): void {
  try {
    execFileSync(command, args, { stdio: "pipe", ...(user ?? {}) });
  } catch (error) {
    const failed = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(
      `${command} ${args.join(" ")} failed: ${failed.stderr?.toString() ?? ""}${failed.stdout?.toString() ?? ""}`,
    );
  }
}

/** The user a server runs as: root may not run Postgres, so root starts it as `nobody`. */
export interface SpawnUser {
  readonly uid: number;
  readonly gid: number;
}

export const unprivileged: SpawnUser | undefined =
  process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

// Every server still running when the test process exits is killed with it: none outlives a run.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A server process that is ready once `ready()` resolves; its output is kept for errors. */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output = "";

  constructor(command: string, args: readonly string[], user?: SpawnUser) {
    this.child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...(user ?? {}) });
    running.add(this.child);
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code) => {
        running.delete(this.child);
        resolve(code);
      });
    });
  }

  /** Sends `signal` and waits for the process to exit (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Retries `probe` until it resolves true, or fails with the server's output. */
export async function waitUntil(
  what: string,
  server: ServerProcess,
  probe: () => Promise<boolean>,
  attempts = 300,
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (server.child.exitCode !== null) {
      throw new Error(`${what} exited with code ${server.child.exitCode}:\n${server.output}`);
    }
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.stop("SIGKILL");
  throw new Error(`${what} did not become ready:\n${server.output}`);
}
