// Runs wrk pinned to the client CPU for a fixed duration and parses its summary.
import { track } from "./children.js";

/** What one wrk run measured. */
export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  /** Responses outside 2xx/3xx (should be 0: every timed request is valid). */
  non2xx: number;
  /** connect + read + write + timeout errors. */
  socketErrors: number;
  latencyP50Ms?: number;
  latencyP99Ms?: number;
}

/** One wrk invocation. */
export interface WrkRun {
  url: string;
  durationSeconds: number;
  connections: number;
  cpu: string;
  /** Lua script path (POST bodies). */
  script?: string;
  cwd: string;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latencyMs(text: string, percentile: string): number | undefined {
  const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(text);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : undefined;
}

/**
 * Responses a run got other than the scenario's expected status, as far as wrk tells: it only
 * counts non-2xx/3xx answers, so for a scenario that expects an error (S6's 400) every answer
 * must be one, and for the others none.
 */
export function unexpectedResponses(
  result: Pick<WrkResult, "requests" | "non2xx">,
  expectedStatus: number,
): number {
  return expectedStatus < 400 ? result.non2xx : result.requests - result.non2xx;
}

/** Parses wrk's text summary; throws if it has no request count. */
export function parseWrkOutput(text: string): WrkResult {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(text);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!total || !rate) throw new Error(`unexpected wrk output: ${text.trim().slice(0, 500)}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket
    ? socket.slice(1, 5).reduce((sum, count) => sum + Number(count), 0)
    : 0;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rate[1]),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors,
    latencyP50Ms: latencyMs(text, "50"),
    latencyP99Ms: latencyMs(text, "99"),
  };
}

/** Runs wrk once (one thread: it has one core to itself); killed if it overruns by 30 s. */
export async function runWrk(run: WrkRun): Promise<WrkResult> {
  const args = [
    "taskset",
    "-c",
    run.cpu,
    "wrk",
    "-t1",
    `-c${run.connections}`,
    `-d${run.durationSeconds}s`,
    "--timeout",
    "5s",
    "--latency",
  ];
  if (run.script) args.push("-s", run.script);
  args.push(run.url);
  const child = Bun.spawn(args, { cwd: run.cwd, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  track(child);
  const watchdog = setTimeout(() => child.kill("SIGKILL"), (run.durationSeconds + 30) * 1000);
  const [stdout, stderr] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  clearTimeout(watchdog);
  if (child.exitCode !== 0) {
    throw new Error(`wrk exited with ${child.exitCode ?? child.signalCode}: ${stderr || stdout}`);
  }
  return parseWrkOutput(stdout);
}
