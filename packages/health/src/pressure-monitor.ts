import type { PressureOptions } from "./health-options.js";

/** One measured limit, as readiness shows it. */
export interface PressureCheck {
  readonly status: "up" | "down";
  readonly value: number;
  readonly limit: number;
}

/**
 * Samples the process every `sampleIntervalMs` on an unreferenced timer (it never keeps the
 * process alive): event-loop delay (how late the timer fired), heap used and RSS, until
 * `stop()` (the app closes).
 */
export class PressureMonitor {
  #delayMs = 0;
  #heap = 0;
  #rss = 0;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly limits: Required<PressureOptions>) {
    this.#measure(0);
    const interval = limits.sampleIntervalMs;
    let last = performance.now();
    this.#timer = setInterval(() => {
      const now = performance.now();
      this.#measure(Math.max(0, now - last - interval));
      last = now;
    }, interval);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #measure(delayMs: number): void {
    this.#delayMs = delayMs;
    const { maxHeapUsedBytes, maxRssBytes } = this.limits;
    if (maxHeapUsedBytes > 0) this.#heap = process.memoryUsage().heapUsed;
    if (maxRssBytes > 0) this.#rss = process.memoryUsage.rss();
  }

  /** Stops sampling. */
  stop(): void {
    clearInterval(this.#timer);
  }

  /** The checks with a limit set, by name (`eventLoopDelay`, `heap`, `rss`). */
  checks(): Record<string, PressureCheck> {
    const { maxEventLoopDelayMs, maxHeapUsedBytes, maxRssBytes } = this.limits;
    const checks: Record<string, PressureCheck> = {};
    const add = (name: string, value: number, limit: number) => {
      if (limit > 0) checks[name] = { status: value > limit ? "down" : "up", value, limit };
    };
    add("eventLoopDelay", Math.round(this.#delayMs), maxEventLoopDelayMs);
    add("heap", this.#heap, maxHeapUsedBytes);
    add("rss", this.#rss, maxRssBytes);
    return checks;
  }
}
