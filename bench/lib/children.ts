// Every child process the runner starts, so that exit, Ctrl-C and errors never leave one running.
import type { Subprocess } from "bun";

const live = new Set<Subprocess>();

/** Records a child until it exits. */
export function track(child: Subprocess): void {
  live.add(child);
  void child.exited.then(() => live.delete(child));
}

/** Kills every child still running (by its own pid, nothing else). */
export function killAll(): void {
  for (const child of live) {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }
  live.clear();
}

let installed = false;

/** Kills the children on normal exit, on SIGINT/SIGTERM/SIGHUP and on an uncaught error. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping servers`);
      killAll();
      process.exit(130);
    });
  }
  process.on("uncaughtException", (error) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
  process.on("unhandledRejection", (error) => {
    console.error(error);
    killAll();
    process.exit(1);
  });
}
