import { configError } from "./core-config-error.js";

/**
 * The longest delay a timer keeps: 2^31 - 1 ms (about 24.8 days). Runtimes store delays as 32-bit
 * signed integers and clamp a longer one to 1 ms, which would turn "almost never" into "always".
 */
export const maxTimerMs = 2 ** 31 - 1;

/** What a duration option accepts. */
export interface DurationRule {
  /** The unit it is given in (default milliseconds). */
  readonly unit?: "milliseconds" | "seconds";
  /** 0 is accepted (it means none, or at once). Default: from 1. */
  readonly zero?: boolean;
  /** The largest value, in `unit` (default `maxTimerMs`). */
  readonly max?: number;
}

/**
 * Checks one duration option or decorator at startup: a whole number from 1 (or 0) up to the
 * largest delay it can honour, else a `TrellisConfigError` ("INVALID_DURATION") naming `option`
 * and the range. One check for every duration, so none slips through as a 1 ms timer.
 *
 * @example
 * const timeout = checkDuration(options.limits?.timeout, "createApp: limits.timeout");
 */
export function checkDuration(value: unknown, option: string, rule: DurationRule = {}): number {
  const { unit = "milliseconds", zero = false, max = maxTimerMs } = rule;
  const min = zero ? 0 : 1;
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) {
    return value;
  }
  const why = max === maxTimerMs ? ", the longest a timer can wait" : "";
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  throw configError("INVALID_DURATION", [option, shown, unit, min, max, why]);
}
