import type { Process } from "./processes.js";

/** What a balancer polling an instance would have seen from SIGTERM until it closed. */
export interface DrainSeen {
  /** Rounds in which readiness answered 503 and `GET /users` answered 200, side by side. */
  readonly servedDuringDrain: number;
  /** Readiness answers 503 seen. */
  readonly readinessDuringDrain: number;
  /** Readiness answers 200 after a 503 (a balancer would put it back): should be 0. */
  readonly readyAfterDrainBegan: number;
  /** Rounds before the first 503 (the signal not handled yet). */
  readonly roundsBefore: number;
  /** Answers of the drain that carried `Connection: close`. */
  readonly closingAnswers: number;
}

async function status(url: string): Promise<{ status: number; closes: boolean } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return { status: response.status, closes: response.headers.get("connection") === "close" };
  } catch {
    return undefined; // refused: the instance has stopped listening
  }
}

/**
 * Sends SIGTERM to `instance`, then asks `/health/ready` and `GET /users` at once, round after
 * round, through the instance's own port, until it no longer answers.
 */
export async function watchDrain(base: string, instance: Process): Promise<DrainSeen> {
  let servedDuringDrain = 0;
  let readinessDuringDrain = 0;
  let readyAfterDrainBegan = 0;
  let roundsBefore = 0;
  let closingAnswers = 0;
  instance.child.kill("SIGTERM");
  for (;;) {
    const [ready, users] = await Promise.all([
      status(`${base}/health/ready`),
      status(`${base}/users?limit=1`),
    ]);
    if (ready === undefined && users === undefined) break;
    const draining = readinessDuringDrain > 0 || ready?.status === 503;
    if (ready?.status === 503) {
      readinessDuringDrain++;
      if (users?.status === 200) servedDuringDrain++;
    } else if (ready?.status === 200) {
      if (draining) readyAfterDrainBegan++;
      else roundsBefore++;
    }
    if (draining) closingAnswers += Number(ready?.closes === true) + Number(users?.closes === true);
  }
  return {
    servedDuringDrain,
    readinessDuringDrain,
    readyAfterDrainBegan,
    roundsBefore,
    closingAnswers,
  };
}
