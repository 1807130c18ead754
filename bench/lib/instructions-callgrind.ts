// One target server under valgrind's callgrind: counts every instruction each of its threads
// executes, with no hardware counters (these VMs expose none). `callgrind_control` zeroes the
// counters before a window of requests and dumps them after it; each dump is one file per thread,
// whose `summary:` line is the thread's instruction count since the zero.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { TargetProcess } from "./server-process.js";
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
export class CallgrindServer extends TargetProcess {
  /** Dumps taken so far (the last one's files: `dumpFiles(dumps)`). */
  dumps = 0;

  constructor(
    target: Target,
    port: number,
    private readonly outDir: string,
    /** Extra valgrind options (experiments: `--smc-check=...`) and environment. */
    extra: { valgrind?: readonly string[]; env?: Record<string, string> } = {},
  ) {
    super(
      target,
      port,
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
      ],
      extra.env,
    );
  }

  /** Waits for the target's "ready" line (a server under valgrind starts in seconds; on a loaded machine, many minutes). */
  async waitReady(timeoutMs = 1_800_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!this.printed(/^ready /m)) {
      if (!this.alive) throw new Error(`exited: ${this.outputTail}`);
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
}
