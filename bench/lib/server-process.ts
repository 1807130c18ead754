// One target server: spawned as its own bun process, behind a command that runs it (taskset pins
// it to the server CPU for the wall-clock bench; valgrind counts it for the judge).

import { join } from "node:path";
import type { Subprocess } from "bun";
import { track } from "./children.js";
import type { Target } from "./targets.js";

/** bench/, where targets/ lives and where the targets resolve their packages from. */
export const benchDir = join(import.meta.dirname, "..");

const OUTPUT_TAIL = 2000;

/** A target's bun process on 127.0.0.1:`port`, its output kept for failure reports. */
export class TargetProcess {
  readonly url: string;
  readonly child: Subprocess<"ignore", "pipe", "pipe">;
  private output = "";

  /**
   * Runs `runner` (the command and options in front of bun) on `targets/<id>.ts`. bun itself
   * (`process.execPath`), not the node_modules/.bin shell wrapper: taskset and valgrind would
   * otherwise pin or count only the `sh`.
   */
  constructor(
    readonly target: Target,
    readonly port: number,
    runner: readonly string[],
    env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = Bun.spawn(
      [...runner, process.execPath, join(benchDir, "targets", `${target.id}.ts`)],
      {
        cwd: benchDir,
        // production: Bun's development error pages and Elysia's verbose errors are off.
        env: { ...process.env, ...env, PORT: String(port), NODE_ENV: "production" },
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    track(this.child);
    void this.drain(this.child.stdout);
    void this.drain(this.child.stderr);
  }

  /** The pid of bun itself (taskset execs it, keeping the pid; valgrind runs it in its own). */
  get pid(): number {
    return this.child.pid;
  }

  /** Whether the process is still running. */
  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the process printed (for failure reports). */
  get outputTail(): string {
    return this.output.trim().slice(-OUTPUT_TAIL);
  }

  /** Whether the process printed a line matching `pattern` (within the kept output). */
  printed(pattern: RegExp): boolean {
    return pattern.test(this.output);
  }

  /** Kills the process and waits for it to be gone. */
  async stop(): Promise<void> {
    if (this.alive) this.child.kill("SIGKILL");
    await this.child.exited;
  }

  private async drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      this.output = (this.output + decoder.decode(chunk, { stream: true })).slice(-OUTPUT_TAIL * 4);
    }
  }
}

/** A target pinned to the server CPU, for the wall-clock bench. */
export class ServerProcess extends TargetProcess {
  private constructor(target: Target, port: number, cpu: string) {
    super(target, port, ["taskset", "-c", cpu]);
  }

  /** Starts the target; `startedAt` is taken just before the spawn. */
  static start(
    target: Target,
    port: number,
    cpu: string,
  ): { server: ServerProcess; startedAt: number } {
    const startedAt = performance.now();
    return { server: new ServerProcess(target, port, cpu), startedAt };
  }

  /**
   * Polls `GET /users/1` until it answers 200; resolves with the time it first did (performance.now()).
   * Rejects when the process exits or `timeoutMs` passes.
   */
  async waitForFirst200(timeoutMs = 20_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (!this.alive) {
        await this.child.exited;
        throw new Error(
          `exited with code ${this.child.exitCode}: ${this.outputTail || "(no output)"}`,
        );
      }
      try {
        const response = await fetch(`${this.url}/users/1`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.status === 200) return performance.now();
      } catch {
        // Not listening yet.
      }
      await Bun.sleep(2);
    }
    throw new Error(`no 200 within ${timeoutMs} ms: ${this.outputTail || "(no output)"}`);
  }
}
