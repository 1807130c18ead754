import { afterAll, beforeAll } from "vitest";
import { type RecordingLogger, recordingLogger } from "./recording-logger.js";
import { type Served, serve } from "./serve.js";
import { type Target, targets } from "./targets.js";

/** A target's users API and probe app, each under its own real `Bun.serve`. */
export interface ServedTarget {
  readonly target: Target;
  readonly users: Served;
  readonly probe: Served;
  /** What the apps logged (unexpected errors only). */
  readonly logger: RecordingLogger;
}

/**
 * Starts every target in `beforeAll` and stops it in `afterAll`; the returned record is filled
 * in by the time tests run. Use inside a `describe` per target, or at the top of a file.
 */
export function serveTargets(): Record<string, ServedTarget> {
  const served: Record<string, ServedTarget> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(() => {
    for (const target of targets) {
      const logger = recordingLogger();
      const usersApp = target.createUsersApp({ logger });
      const users = serve(usersApp);
      const probe = serve(target.createProbeApp(logger));
      served[target.adapter] = { target, users, probe, logger };
      cleanups.push(async () => {
        await users.stop();
        await probe.stop();
        await usersApp.close();
      });
    }
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  return served;
}
