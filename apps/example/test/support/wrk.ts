import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Process, start } from "./processes.js";

/** What wrk saw. */
export interface WrkSummary {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly non2xx: number;
  readonly socketErrors: number;
  readonly text: string;
}

/** Reads wrk's report. */
export function parseWrk(text: string): WrkSummary {
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

/** wrk running until `finish()`: no fixed duration, so slow machines still cover the restarts. */
export interface RunningWrk {
  readonly process: Process;
  /** Stops wrk (SIGINT: it prints its report) and reads the report. */
  finish(): Promise<WrkSummary>;
}

/** Starts `wrk -t1 -c<connections>` on `url`, with a Lua script and its arguments if given. */
export function startWrk(
  url: string,
  {
    connections,
    script,
    args = [],
    headers = [],
  }: { connections: number; script?: string; args?: string[]; headers?: string[] },
): RunningWrk {
  // One hour at most: finish() ends it much sooner.
  const options = ["-t1", `-c${connections}`, "-d3600s", "--timeout", "10s"];
  for (const header of headers) options.push("-H", header);
  const wrk = start("wrk", [...options, ...(script ? ["-s", script] : []), url, "--", ...args]);
  return {
    process: wrk,
    async finish() {
      if (wrk.child.exitCode === null) wrk.child.kill("SIGINT");
      const code = await wrk.exited;
      if (code !== 0) throw new Error(`wrk exited with ${code}:\n${wrk.output()}`);
      return parseWrk(wrk.output());
    },
  };
}

/** The script that creates a user with a unique e-mail address per request. */
export const createUsersScript = join(import.meta.dirname, "wrk-create-users.lua");

/** What wrk-create-users.lua recorded in `folder`: each 201's e-mail and id, and the failures. */
export function createdByWrk(folder: string): {
  created: { email: string; id: string }[];
  failed: string[];
} {
  const lines = (prefix: string) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => name.startsWith(prefix))
          .flatMap((name) => readFileSync(join(folder, name), "utf8").split("\n"))
          .filter(Boolean)
      : [];
  const created = lines("created-").map((line) => {
    const [email = "", id = ""] = line.split(" ");
    return { email, id };
  });
  return { created, failed: lines("failed-") };
}
