import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Supervisor, supervise } from "./supervisor.js";

const bun = process.execPath;
// Workers that run until signalled (the default action of SIGTERM ends them), and that die at once.
const forever: [string, ...string[]] = [bun, "-e", "setInterval(() => {}, 1000)"];
const dying: [string, ...string[]] = [bun, "-e", "process.exit(3)"];

const running: Supervisor[] = [];
afterEach(async () => {
  for (const supervisor of running.splice(0)) await supervisor.stop("SIGKILL");
});

function start(options: Omit<Parameters<typeof supervise>[0], "log">) {
  const lines: string[] = [];
  const supervisor = supervise({ ...options, log: (line) => lines.push(line) });
  running.push(supervisor);
  return { supervisor, lines };
}

/** Polls `check` (every 20 ms, at most 1500 times) until it returns a value other than undefined. */
async function until<T>(what: string, check: () => T | undefined): Promise<T> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    const value = check();
    if (value !== undefined) return value;
    await Bun.sleep(20);
  }
  throw new Error(`never happened: ${what}`);
}

const allPids = (supervisor: Supervisor) => {
  const pids = supervisor.pids();
  return pids.every((pid) => pid !== undefined) ? (pids as number[]) : undefined;
};

// The process group of a process (Linux: the fifth field of /proc/<pid>/stat).
const processGroup = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[2]);

describe("supervise", () => {
  it("restarts a worker killed with SIGKILL, and only that one", async () => {
    const { supervisor, lines } = start({ command: forever, workers: 2, firstDelayMs: 10 });
    const [first, second] = await until("two workers", () => allPids(supervisor));
    process.kill(first as number, "SIGKILL");
    const replacement = await until("a new first worker", () => {
      const pid = supervisor.pids()[0];
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(supervisor.pids()).toEqual([replacement, second]);
    expect(lines).toContain(
      `worker 1 (pid ${first}) exited with signal SIGKILL; restarting in 10 ms`,
    );
    expect(lines.filter((line) => line.includes(" started "))).toHaveLength(3);
  });

  it("runs each worker in its own process group, so a Ctrl-C reaches only the supervisor", async () => {
    const { supervisor } = start({ command: forever, workers: 2 });
    const pids = await until("two workers", () => allPids(supervisor));
    expect(pids.map(processGroup)).toEqual(pids);
  });

  it("doubles the wait after each quick death, up to the longest wait", async () => {
    const { lines } = start({ command: dying, workers: 1, firstDelayMs: 5, maxDelayMs: 40 });
    const waits = await until("six restarts", () => {
      const found = lines.flatMap((line) => /restarting in (\d+) ms/.exec(line)?.[1] ?? []);
      return found.length >= 6 ? found.slice(0, 6).map(Number) : undefined;
    });
    expect(waits).toEqual([5, 10, 20, 40, 40, 40]);
    expect(lines[1]).toMatch(/^worker 1 \(pid \d+\) exited with code 3; restarting in 5 ms$/);
  });

  it("starts the doubling again after a worker that ran longer than stableMs", async () => {
    const { lines } = start({ command: dying, workers: 1, firstDelayMs: 5, stableMs: 0 });
    const waits = await until("three restarts", () => {
      const found = lines.flatMap((line) => /restarting in (\d+) ms/.exec(line)?.[1] ?? []);
      return found.length >= 3 ? found.slice(0, 3).map(Number) : undefined;
    });
    expect(waits).toEqual([5, 5, 5]);
  });

  it("on stop, passes the signal on, restarts nothing and resolves once every worker has exited", async () => {
    // The worker drains on SIGTERM, then exits 0, as the example's server does; it says when it
    // listens for SIGTERM with a file named by its pid.
    const folder = mkdtempSync(join(tmpdir(), "trellis-supervisor-"));
    const draining: [string, ...string[]] = [
      bun,
      "-e",
      `process.on("SIGTERM", () => setTimeout(() => process.exit(0), 50));
       require("node:fs").writeFileSync(${JSON.stringify(folder)} + "/" + process.pid, "");
       setInterval(() => {}, 1000);`,
    ];
    const { supervisor, lines } = start({ command: draining, workers: 2 });
    const pids = await until("two workers", () => allPids(supervisor));
    await until("both listening", () => (readdirSync(folder).length === 2 ? true : undefined));
    rmSync(folder, { recursive: true });
    await supervisor.stop("SIGTERM");
    expect(supervisor.pids()).toEqual([undefined, undefined]);
    expect(lines.filter((line) => line.endsWith("exited with code 0")).sort()).toEqual(
      pids.map((pid, slot) => `worker ${slot + 1} (pid ${pid}) exited with code 0`).sort(),
    );
    expect(lines.filter((line) => line.includes("restarting"))).toEqual([]);
  });

  it("cancels a restart that is waiting when it stops", async () => {
    const { supervisor, lines } = start({
      command: dying,
      workers: 1,
      firstDelayMs: 600_000,
      maxDelayMs: 600_000,
    });
    await until("a death", () => lines.find((line) => line.includes("restarting in 600000 ms")));
    await supervisor.stop();
    expect(supervisor.pids()).toEqual([undefined]);
    expect(lines.filter((line) => line.includes(" started "))).toHaveLength(1);
  });

  it("reports a worker that cannot be spawned, and keeps trying", async () => {
    const { lines } = start({
      command: ["/nonexistent/trellis-worker"],
      workers: 1,
      firstDelayMs: 5,
    });
    const failures = await until("two failed spawns", () => {
      const found = lines.filter((line) => /ENOENT.*restarting in/.test(line));
      return found.length >= 2 ? found : undefined;
    });
    expect(failures[0]).toMatch(
      /^worker 1 \(pid undefined\) exited with .*ENOENT.*; restarting in 5 ms$/,
    );
  });
});
