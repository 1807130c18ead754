// Redis Stream ids are `<milliseconds>-<sequence>`, two unsigned 64-bit decimals.
const shape = /^(0|[1-9]\d{0,19})-(0|[1-9]\d{0,19})$/;
const maxU64 = "18446744073709551615";

/** Orders two unsigned decimals without a fixed width (no leading zeros). */
function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True for an id Redis would accept: both parts unsigned 64-bit decimals. */
export function isStreamId(value: string): boolean {
  const match = shape.exec(value);
  return (
    match !== null &&
    compareDecimal(match[1] as string, maxU64) <= 0 &&
    compareDecimal(match[2] as string, maxU64) <= 0
  );
}

/** Orders two stream ids: by milliseconds, then by sequence. */
export function compareStreamIds(a: string, b: string): number {
  const dashA = a.indexOf("-");
  const dashB = b.indexOf("-");
  return (
    compareDecimal(a.slice(0, dashA), b.slice(0, dashB)) ||
    compareDecimal(a.slice(dashA + 1), b.slice(dashB + 1))
  );
}

// An event id is `<epoch>_<stream id>`: the epoch (base 36, no leading zero) is made with the
// stream, so an id from before the stream was lost and made again is told apart (a resync).
const eventShape = /^([1-9a-z][0-9a-z]{0,12})_(.+)$/;

/** The epoch and stream id of an event id, or undefined when it is not one of ours. */
export function parseEventId(value: string): { epoch: string; stream: string } | undefined {
  const match = eventShape.exec(value);
  if (match === null || !isStreamId(match[2] as string)) return undefined;
  return { epoch: match[1] as string, stream: match[2] as string };
}

/** Orders two event ids: by epoch (made from the server's clock), then by stream id. */
export function compareEventIds(a: string, b: string): number {
  const cutA = a.indexOf("_");
  const cutB = b.indexOf("_");
  return (
    compareDecimal(a.slice(0, cutA), b.slice(0, cutB)) ||
    compareStreamIds(a.slice(cutA + 1), b.slice(cutB + 1))
  );
}
