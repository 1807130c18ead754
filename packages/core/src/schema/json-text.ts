/**
 * True when the JSON text of `value` contains one of `needles`, or when `value` has no JSON text
 * (a BigInt, a cycle). Searching the text is native work: startup uses it to skip JavaScript walks
 * of schemas that cannot hold what the walk looks for. A false positive only costs the walk.
 */
export function jsonTextMayInclude(value: unknown, needles: readonly string[]): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return true;
  }
  if (text === undefined) return false;
  for (const needle of needles) if (text.includes(needle)) return true;
  return false;
}
