// One target server under valgrind's callgrind: counts every instruction each of its threads
// executes, with no hardware counters (these VMs expose none). `callgrind_control` zeroes the
// counters before a window of requests and dumps them after it; each dump is one file per thread,
// whose `summary:` line is the thread's instruction count since the zero.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Subprocess } from "bun";
import { track } from "./children.js";
import { benchDir } from "./server-process.js";
import type { Target } from "./targets.js";

const run = promisify(execFile);

/** Instructions of one window, per thread (thread 1 is the main, JavaScript, thread). */
export interface ThreadCounts {
  main: number;
  all: number;
  /** Instructions per thread number, for the report's burst check. */
  byThread: Record<number, number>;
}

/** The `summary:` count and thread number of one callgrind dump file's header. */
export function parseDumpHeader(text: string): { thread: number; instructions: number } {
  const thread = /^thread:\s*(\d+)$/m.exec(text);
  const summary = /^summary:\s*(\d+)$/m.exec(text);
  if (!thread || !summary) throw new Error("not a callgrind dump (no thread: or summary: line)");
  return { thread: Number(thread[1]), instructions: Number(summary[1]) };
}

/** Adds up the per-thread dump files of one dump. */
export function sumThreads(
  files: readonly { thread: number; instructions: number }[],
): ThreadCounts {
  const byThread: Record<number, number> = {};
  for (const { thread, instructions } of files) byThread[thread] = instructions;
  const main = byThread[1];
  if (main === undefined) throw new Error("the dump has no file for thread 1");
  const all = Object.values(byThread).reduce((sum, count) => sum + count, 0);
  return { main, all, byThread };
}

/** A target's bun process running under callgrind. */
export class CallgrindServer {
  readonly url: string;
  private readonly child: Subprocess<"ignore", "pipe", "pipe">;
  private output = "";
  /** Dumps taken so far (the last one's files: `dumpFiles(dumps)`). */
  dumps = 0;

  constructor(
    readonly target: Target,
    readonly port: number,
    private readonly outDir: string,
    /** Extra valgrind options (experiments: `--smc-check=...`) and environment. */
    extra: { valgrind?: readonly string[]; env?: Record<string, string> } = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.child = Bun.spawn(
      [
        "valgrind",
        "--tool=callgrind",
        // One file per thread: the main thread's count apart from the JIT and GC threads'.
        "--separate-threads=yes",
        // Functions only (smaller dumps); callgrind_annotate still ranks them.
        "--dump-instr=no",
        "--dump-line=no",
        ...(extra.valgrind ?? []),
        `--callgrind-out-file=${join(outDir, `${target.id}.%p`)}`,
        // bun itself, not the node_modules/.bin shell wrapper (valgrind would follow only the sh).
        process.execPath,
        join(benchDir, "targets", `${target.id}.ts`),
      ],
      {
        cwd: benchDir,
        env: { ...process.env, ...extra.env, PORT: String(port), NODE_ENV: "production" },
        stdin: "ignore",
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    track(this.child);
    void this.drain(this.child.stdout);
    void this.drain(this.child.stderr);
  }

  get pid(): number {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the target's "ready" line (a server under valgrind starts in seconds; on a loaded machine, many minutes). */
  async waitReady(timeoutMs = 1_800_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!/^ready /m.test(this.output)) {
      if (!this.alive) throw new Error(`exited: ${this.output.slice(-2000)}`);
      if (performance.now() > deadline) throw new Error(`not ready in ${timeoutMs} ms`);
      await Bun.sleep(200);
    }
  }

  /** Zeroes every thread's counters (callgrind_control answers once it is done). */
  async zero(): Promise<void> {
    await run("callgrind_control", ["-z", String(this.pid)]);
  }

  /** Dumps the counters since the last zero and returns them per thread. */
  async dump(): Promise<ThreadCounts> {
    await run("callgrind_control", ["-d", String(this.pid)]);
    this.dumps += 1;
    const files = this.dumpFiles(this.dumps);
    return sumThreads(files.map((file) => parseDumpHeader(readFileSync(file, "utf8"))));
  }

  /** The per-thread files of dump number `part` (`<id>.<pid>.<part>-<thread>`). */
  dumpFiles(part: number): string[] {
    const prefix = `${this.target.id}.${this.pid}.${part}-`;
    return readdirSync(this.outDir)
      .filter((name) => name.startsWith(prefix))
      .map((name) => join(this.outDir, name));
  }

  async stop(): Promise<void> {
    if (this.alive) this.child.kill("SIGKILL");
    await this.child.exited;
  }

  private async drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      this.output = (this.output + decoder.decode(chunk, { stream: true })).slice(-8000);
    }
  }
}
