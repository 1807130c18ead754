// Postgres ids are the table's bigserial: positive 64-bit decimals.
const shape = /^(0|[1-9]\d{0,18})$/;
const maxBigint = "9223372036854775807";

/** True for an id a bigint column holds (no sign, no leading zeros). */
export function isEventId(value: string): boolean {
  return shape.test(value) && (value.length < 19 || value <= maxBigint);
}

/** Orders two decimal ids without converting them (they may pass 2^53). */
export function compareEventIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
