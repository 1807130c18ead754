import { configError } from "./core-config-error.js";
import type { configErrors } from "./error-codes.js";
import type { TrellisConfigError } from "./trellis-config-error.js";

/** The codes whose message reads "<option> is <value>: it must be <rule>." (limits, pub/sub). */
export type ValueErrorCode = {
  [Code in keyof typeof configErrors]: (typeof configErrors)[Code]["message"] extends "%s is %s: it must be %s."
    ? Code
    : never;
}[keyof typeof configErrors];

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
  code: ValueErrorCode,
  rule: WholeNumberRule = {},
): number {
  const { min = 1, max = Number.MAX_SAFE_INTEGER, unit } = rule;
  if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max) {
    return value as number;
  }
  const range = max === Number.MAX_SAFE_INTEGER ? `from ${min}` : `from ${min} to ${max}`;
  throw invalidValue(code, option, value, `a whole number${unit ? ` of ${unit}` : ""} ${range}`);
}

/**
 * The startup error "`option` is `value`: it must be `rule`." of a code that reads so (a limit, a
 * pub/sub option), the value shown as given (a string quoted).
 *
 * @example
 * throw invalidValue("INVALID_PUBSUB_OPTION", "redisPubSub: key", key, "a non-empty string");
 */
export function invalidValue(
  code: ValueErrorCode,
  option: string,
  value: unknown,
  rule: string,
): TrellisConfigError {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  return configError(code, [option, shown, rule]);
}
