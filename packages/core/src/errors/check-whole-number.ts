import type { ConfigErrorCode } from "./error-codes.js";
import { TrellisConfigError } from "./trellis-config-error.js";

/** What a whole-number option accepts. */
export interface WholeNumberRule {
  /** The smallest value (default 1). */
  readonly min?: number;
  /** The largest value (default `Number.MAX_SAFE_INTEGER`). */
  readonly max?: number;
  /** What it counts, for the message (default "a whole number"). */
  readonly unit?: string;
}

/**
 * Checks one whole-number option at startup: a safe integer from `min` to `max`, else a
 * `TrellisConfigError` with `code` naming `option` and the range. `1.5`, `NaN`, `"3"` and `2 ** 53`
 * are refused alike.
 *
 * @example
 * const maxEvents = checkWholeNumber(options.maxEvents, "redisPubSub: maxEvents", "INVALID_PUBSUB_OPTION", { min: 1 });
 */
export function checkWholeNumber(
  value: unknown,
  option: string,
  code: ConfigErrorCode,
  rule: WholeNumberRule = {},
): number {
  const { min = 1, max = Number.MAX_SAFE_INTEGER, unit } = rule;
  if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max) {
    return value as number;
  }
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
  throw new TrellisConfigError(
    code,
    `${option} is ${shown}: it must be a whole number${unit ? ` of ${unit}` : ""} ${range}.`,
  );
}
