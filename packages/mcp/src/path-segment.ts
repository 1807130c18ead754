/**
 * Why a path argument's value cannot be one path segment, else undefined. A segment is never
 * empty, `.` or `..`, and holds no `/` or `\`, whether written out or percent-encoded any number
 * of times (`%2E%2E`, `%252F`): the URL parser reads `%2E%2E` as `..`, and a route that decodes
 * its parameter once more, or passes it on in another URL, must not be handed a way out of its
 * path. Control characters are refused too: no route expects them in a segment.
 */
export function segmentProblem(value: string): string | undefined {
  let current = value;
  // Each pass undoes one layer of percent-encoding; a few layers cover what a route would undo.
  for (let pass = 0; pass < 4; pass++) {
    if (current === "") return "must not be empty";
    if (current === "." || current === "..") return "must not be a dot segment (. or ..)";
    if (current.includes("/") || current.includes("\\")) {
      return "must be one path segment, without / or \\";
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    if (/[\u0000-\u001f\u007f]/.test(current)) return "must not hold control characters";
    if (!current.includes("%")) return undefined;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A "%" that starts no escape: the route refuses it, unless a lenient decoder finds one.
      return /%(?:2f|5c|2e|25)/i.test(current) ? "must not hold an encoded / \\ or ." : undefined;
    }
    if (decoded === current) return undefined;
    current = decoded;
  }
  return "must not be percent-encoded that many times";
}
