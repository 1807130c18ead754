// Postgres ids are the table's bigserial: positive 64-bit decimals.
const shape = /^(0|[1-9]\d{0,18})$/;
const maxBigint = "9223372036854775807";

/** True for an id a bigint column holds (no sign, no leading zeros). */
export function isRowId(value: string): boolean {
  return shape.test(value) && (value.length < 19 || value <= maxBigint);
}

/** Orders two unsigned decimals (or base-36 words) without converting them (they may pass 2^53). */
function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders two row ids. */
export const compareRowIds = compareDecimal;

// An event id is `<epoch>_<row id>`: the epoch is the table's storage (its file node, base 36),
// new when the table is truncated, dropped and made again, or rewritten.
const eventShape = /^([1-9a-z][0-9a-z]{0,13})_(.+)$/;

/** The epoch and row id of an event id, or undefined when it is not one of ours. */
export function parseEventId(value: string): { epoch: string; row: string } | undefined {
  const match = eventShape.exec(value);
  if (match === null || !isRowId(match[2] as string)) return undefined;
  return { epoch: match[1] as string, row: match[2] as string };
}

/** The epoch of a file node number. */
export const epochOf = (node: string): string => BigInt(node).toString(36);

/** Orders two event ids: by epoch, then by row id. */
export function compareEventIds(a: string, b: string): number {
  const cutA = a.indexOf("_");
  const cutB = b.indexOf("_");
  return (
    compareDecimal(a.slice(0, cutA), b.slice(0, cutB)) ||
    compareDecimal(a.slice(cutA + 1), b.slice(cutB + 1))
  );
}
