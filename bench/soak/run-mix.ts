// One wrk run of soak/mix.lua: one thread per connection, so statuses are counted per request kind.
import { join } from "node:path";
import { parseWrkOutput, type WrkResult } from "../lib/wrk.js";
import { parseTally, type Tally } from "./expectations.js";

/** What one run of the mix measured. */
export interface MixRun {
  readonly tally: Tally;
  readonly summary: WrkResult;
  readonly output: string;
}

/** Runs wrk with mix.lua against `url` for `seconds`, pinned to `cpu` when given. */
export async function runMix(options: {
  url: string;
  seconds: number;
  connections: number;
  ids: readonly string[];
  emailPool: number;
  cpu: string | undefined;
}): Promise<MixRun> {
  const { connections } = options;
  const wrk = [
    "wrk",
    `-t${connections}`,
    `-c${connections}`,
    `-d${options.seconds}s`,
    "--timeout",
    "5s",
    "--latency",
  ];
  const command = [
    ...(options.cpu ? ["taskset", "-c", options.cpu] : []),
    ...wrk,
    "-s",
    join(import.meta.dirname, "mix.lua"),
    options.url,
  ];
  const child = Bun.spawn(command, {
    env: {
      ...process.env,
      SOAK_IDS: options.ids.join(","),
      SOAK_EMAIL_POOL: String(options.emailPool),
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const watchdog = setTimeout(() => child.kill("SIGKILL"), (options.seconds + 30) * 1000);
  const [stdout, stderr] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(watchdog);
  const output = `${stdout}${stderr}`;
  if (child.exitCode !== 0)
    throw new Error(`wrk exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
  return { tally: parseTally(stdout), summary: parseWrkOutput(stdout), output };
}
