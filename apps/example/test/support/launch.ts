import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/** A process started by a test, with what it printed (stdout and stderr together). */
export interface Launched {
  readonly child: ChildProcess;
  output(): string;
  /** The exit code (null when ended by a signal). */
  readonly exited: Promise<number | null>;
  /** Waits until the output matches `pattern` (a string: contains it); fails if the process ends first. */
  waitFor(pattern: string | RegExp): Promise<RegExpMatchArray>;
}

/** Starts `command` with piped output. */
export function launch(command: string, args: readonly string[], options: SpawnOptions): Launched {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    child,
    output: () => output,
    exited,
    async waitFor(pattern) {
      const regex =
        typeof pattern === "string"
          ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          : pattern;
      return until(`${regex} in the output`, async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`exited before ${regex} was seen:\n${output}`);
        }
        return regex.exec(output) ?? undefined;
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n--- output ---\n${output}`);
      });
    },
  };
}

/** Polls `check` (every 50 ms, at most 1200 times) until it gives something other than undefined. */
export async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const value = await check();
    if (value !== undefined) return value;
    await Bun.sleep(50);
  }
  throw new Error(`never happened: ${what}`);
}

/** True when no process has this id, or only its zombie is left (nobody reaped it yet). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    // The state is the field after the command name in parentheses: Z for a zombie.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return true;
  }
}
