// The judge's measuring loop for one target and scenario: an untimed warm-up, then windows of
// exactly N requests, each bracketed by a zero and a dump of callgrind's counters, until the last
// three windows agree within the tolerance (the optimizing tier is reached and the count no longer
// falls). Pure rules here; the I/O is passed in.
import type { ThreadCounts } from "./instructions-callgrind.js";

/** How a target and scenario are measured. */
export interface WindowPlan {
  /** Requests sent before the first window, not counted. */
  warmup: number;
  /** Requests per counted window. */
  window: number;
  /** Windows that must agree. */
  agree: number;
  /** Largest spread (max/min - 1) of the agreeing windows. */
  tolerance: number;
  /** Windows after which the loop gives up (the row is then marked unstable). */
  maxWindows: number;
}

export const DEFAULT_PLAN: WindowPlan = {
  warmup: 30_000,
  window: 10_000,
  agree: 3,
  tolerance: 0.02,
  maxWindows: 8,
};

/**
 * The plan for a scenario: S5 costs about 25x S1's instructions per request (a 16.9 KB body of
 * 100 items), so its loops reach the optimizing tier in fewer requests and its windows are
 * smaller; the agreement rule is the same. `override` comes from the command line.
 */
export function planFor(scenarioId: string, override: Partial<WindowPlan> = {}): WindowPlan {
  const base =
    scenarioId === "S5" ? { ...DEFAULT_PLAN, warmup: 6_000, window: 2_000 } : DEFAULT_PLAN;
  const given = Object.fromEntries(
    Object.entries(override).filter(([, value]) => value !== undefined),
  ) as Partial<WindowPlan>;
  return { ...base, ...given };
}

/** One counted window, per request. */
export interface WindowCount {
  /** Main-thread instructions per request. */
  main: number;
  /** All threads' instructions per request (JIT compiler, GC and the rest included). */
  all: number;
}

/** The outcome for one target and scenario. */
export interface ScenarioCount {
  warmup: number;
  window: number;
  windows: WindowCount[];
  /** Whether the last `agree` windows agreed within the tolerance. */
  stable: boolean;
  /** Median main-thread count per request of the last `agree` windows. */
  main: number;
  /** Median all-threads count per request of the same windows. */
  all: number;
}

/** The relative spread of some counts: max/min - 1. */
export const spread = (values: readonly number[]): number =>
  Math.max(...values) / Math.min(...values) - 1;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Whether the last `agree` windows' main-thread counts agree within the tolerance. */
export function settled(windows: readonly WindowCount[], plan: WindowPlan): boolean {
  if (windows.length < plan.agree) return false;
  // The epsilon keeps an exact 2 % (102 / 100) inside, despite floating point.
  return spread(windows.slice(-plan.agree).map((w) => w.main)) <= plan.tolerance + 1e-12;
}

/** The figures of a finished loop: medians of its last `agree` windows. */
export function summarize(windows: readonly WindowCount[], plan: WindowPlan): ScenarioCount {
  const tail = windows.slice(-plan.agree);
  return {
    warmup: plan.warmup,
    window: plan.window,
    windows: [...windows],
    stable: settled(windows, plan),
    main: median(tail.map((w) => w.main)),
    all: median(tail.map((w) => w.all)),
  };
}

/** What the loop needs from the world: send N requests, zero the counters, dump them. */
export interface WindowIo {
  send(count: number): Promise<void>;
  zero(): Promise<void>;
  dump(): Promise<ThreadCounts>;
  log?(message: string): void;
}

/** Warms up, then counts windows until they settle or `maxWindows` is reached. */
export async function countScenario(plan: WindowPlan, io: WindowIo): Promise<ScenarioCount> {
  await io.send(plan.warmup);
  const windows: WindowCount[] = [];
  while (windows.length < plan.maxWindows && !settled(windows, plan)) {
    await io.zero();
    await io.send(plan.window);
    const counts = await io.dump();
    const window = { main: counts.main / plan.window, all: counts.all / plan.window };
    windows.push(window);
    io.log?.(
      `window ${windows.length}: main ${window.main.toFixed(0)}, all ${window.all.toFixed(0)}`,
    );
  }
  return summarize(windows, plan);
}
