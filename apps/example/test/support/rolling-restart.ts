import type { Deployment } from "./deployment.js";
import { until200 } from "./processes.js";

/** One restart of the rolling restart: how it ended, and how long its steps took. */
export interface Restart {
  readonly port: number;
  /** The old process's exit code (0: it drained and closed cleanly). */
  readonly exitCode: number | null;
  /** Milliseconds from SIGTERM to the old process's exit. */
  readonly drainMs: number;
  /** Milliseconds from the replacement's spawn to its first 200 from /health/ready. */
  readonly startMs: number;
}

/**
 * The rolling restart of docs/deployment.md, step by step, one instance after the other:
 * 1. mark its `server` line `down` and `nginx -s reload` (nginx sends it nothing new);
 * 2. SIGTERM it and wait until it has exited (it drains, finishes what it has, exits 0);
 * 3. start its replacement on the same port; wait until its `GET /health/ready` answers 200;
 * 4. remove `down` and `nginx -s reload`; then the next instance.
 * `takeOut: false` skips steps 1 and 4 (SIGTERM and the drain window alone), to measure what
 * they prevent.
 */
export async function rollingRestart(
  deployment: Deployment,
  { takeOut = true }: { takeOut?: boolean } = {},
): Promise<Restart[]> {
  const restarts: Restart[] = [];
  for (const [index, port] of deployment.ports.entries()) {
    if (takeOut) await deployment.nginx.setDown(port, true);
    const old = deployment.slots[index];
    if (old === undefined) throw new Error(`no instance on port ${port}`);
    const stopping = performance.now();
    old.child.kill("SIGTERM");
    const exitCode = await old.exited;
    const drainMs = Math.round(performance.now() - stopping);
    const spawned = performance.now();
    const replacement = deployment.startInstance(port);
    deployment.slots[index] = replacement;
    await until200(`http://127.0.0.1:${port}/health/ready`, replacement);
    const startMs = Math.round(performance.now() - spawned);
    if (takeOut) await deployment.nginx.setDown(port, false);
    restarts.push({ port, exitCode, drainMs, startMs });
  }
  return restarts;
}
