import { type ChildProcess, spawn } from "node:child_process";

/** How `supervise` runs its workers. */
export interface SuperviseOptions {
  /** One worker's command: the executable, then its arguments. */
  readonly command: readonly [string, ...string[]];
  /** How many workers run at once. */
  readonly workers: number;
  /** The workers' environment (default: this process's). */
  readonly env?: Record<string, string | undefined>;
  /** The wait before the first restart of a worker, doubled after each quick death (default 100 ms). */
  readonly firstDelayMs?: number;
  /** The longest wait between restarts (default 30 s). */
  readonly maxDelayMs?: number;
  /** A worker that ran this long before it died is restarted after `firstDelayMs` again (default 60 s). */
  readonly stableMs?: number;
  /** Where the supervisor says what it does (default: the console). */
  readonly log?: (line: string) => void;
}

/** A running supervisor. */
export interface Supervisor {
  /** The process ids of the workers running now, by slot (undefined while one waits to restart). */
  pids(): (number | undefined)[];
  /**
   * Stops restarting and sends `signal` to every worker (each drains and exits). Resolves when
   * every worker has exited; calling it again sends the signal again.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

// #region supervise
/**
 * Runs `workers` copies of `command` and restarts any that dies, after a wait that doubles with
 * each quick death (100 ms, 200 ms, ... up to 30 s), so a worker that cannot start does not spin.
 * The workers run in their own process groups: a Ctrl-C at the terminal reaches only the
 * supervisor, which passes it on once (a second signal would cut their drain short). Each worker
 * has an IPC channel to the supervisor; the example's worker shuts down gracefully when that
 * channel closes, so a supervisor killed with SIGKILL leaves no worker behind.
 *
 * @example
 * const supervisor = supervise({ command: [process.execPath, "src/main.ts"], workers: 4 });
 * process.once("SIGTERM", () => supervisor.stop("SIGTERM").then(() => process.exit(0)));
 */
export function supervise(options: SuperviseOptions): Supervisor {
  const {
    command: [executable, ...args],
    workers,
    env = process.env,
    firstDelayMs = 100,
    maxDelayMs = 30_000,
    stableMs = 60_000,
    log = console.log,
  } = options;
  const running: (ChildProcess | undefined)[] = [];
  const quickDeaths: number[] = Array.from({ length: workers }, () => 0);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const exits = new Set<Promise<void>>();
  let stopping = false;

  const start = (slot: number) => {
    const startedAt = Date.now();
    const child = spawn(executable, args, {
      env,
      detached: true, // its own process group: terminal signals go to the supervisor only
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    running[slot] = child;
    log(`worker ${slot + 1} started (pid ${child.pid})`);
    const { promise: exited, resolve } = Promise.withResolvers<void>();
    exits.add(exited);
    let ended = false;
    const end = (how: string) => {
      if (ended) return;
      ended = true;
      exits.delete(exited);
      resolve();
      running[slot] = undefined;
      if (stopping) return log(`worker ${slot + 1} (pid ${child.pid}) exited with ${how}`);
      if (Date.now() - startedAt >= stableMs) quickDeaths[slot] = 0;
      const delay = Math.min(firstDelayMs * 2 ** (quickDeaths[slot] ?? 0), maxDelayMs);
      quickDeaths[slot] = (quickDeaths[slot] ?? 0) + 1;
      log(`worker ${slot + 1} (pid ${child.pid}) exited with ${how}; restarting in ${delay} ms`);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) start(slot);
      }, delay);
      timers.add(timer);
    };
    child.once("exit", (code, signal) => end(signal ? `signal ${signal}` : `code ${code}`));
    // A worker that could not be spawned (a missing executable) has no exit: it ends here.
    child.once("error", (error) => child.pid === undefined && end(error.message));
  };

  for (let slot = 0; slot < workers; slot++) start(slot);

  return {
    pids: () => Array.from({ length: workers }, (_, slot) => running[slot]?.pid),
    async stop(signal = "SIGTERM") {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const child of running) child?.kill(signal);
      await Promise.all(exits);
    },
  };
}
// #endregion
