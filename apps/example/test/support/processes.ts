import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

/** The example's folder: where its processes start (Bun reads the decorator settings there). */
export const appDir = join(import.meta.dirname, "..", "..");

/** A child process of the test, with everything it printed. */
export interface Process {
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  output(): string;
}

/** Starts `command` in the example's folder with `env` added to this process's environment. */
export function start(
  command: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Process {
  const child = spawn(command, args, {
    cwd: appDir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, exited, output: () => output };
}

/** Ends a process: `signal` (SIGTERM), then SIGKILL if it still runs 10 s later. */
export async function stop(process: Process, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill(signal);
  const timer = setTimeout(() => process.child.kill("SIGKILL"), 10_000);
  await process.exited;
  clearTimeout(timer);
}

/**
 * Polls `url` until it answers 200. No deadline of its own (the test's timeout is the bound): it
 * fails at once, with the output, when `process` exits first.
 */
export async function until200(url: string, process?: Process): Promise<void> {
  let exitCode: number | null | undefined;
  void process?.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {}
    if (exitCode !== undefined) {
      throw new Error(`exited with ${exitCode} before ${url} answered 200:\n${process?.output()}`);
    }
    await Bun.sleep(50);
  }
}
