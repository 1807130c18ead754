import { checkDuration } from "../errors/check-duration.js";
import { configError } from "../errors/core-config-error.js";

/** True for a positive safe integer: the only valid size limit. */
export function isValidLimit(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** A route's body limit (`@BodyLimit`, the class's or the app's), checked. */
export function checkBodyLimit(value: unknown, where: string): number {
  if (!isValidLimit(value)) {
    throw configError("INVALID_LIMIT", [
      `${where}: body limit`,
      String(value),
      "a positive integer number of bytes",
    ]);
  }
  return value;
}

/** A route's timeout (`@Timeout`, the class's or the app's), checked; undefined: none. */
export function checkTimeout(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  return checkDuration(value, `${where}: timeout (@Timeout or limits.timeout)`);
}
