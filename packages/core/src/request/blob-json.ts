import { cleanJson } from "./json-guard.js";

/**
 * A JSON body Blob's value, as strictly as parsing its bytes decoded by `textOf`. Bun parses a
 * body in memory at once (`peek` sees the promise settled), with fewer instructions than
 * `JSON.parse` of the Blob's text, but it decodes leniently: the value is taken only when
 * `cleanJson` finds no U+FFFD and nothing refused in it. Anything else (invalid UTF-8, not JSON,
 * a refused key, U+FFFD sent as data, an empty text) is left to `reparse`, which decides it from
 * the bytes with the same messages as every other body.
 */
export function jsonOfBlob<Plan>(
  blob: Blob,
  plan: Plan,
  reparse: (blob: Blob, plan: Plan) => Promise<unknown>,
): unknown {
  const parsing: Promise<unknown> = blob.json();
  const value = Bun.peek(parsing);
  if (value !== parsing && !(value instanceof Error) && cleanJson(value)) return value;
  // Handled at once, so a parse that failed is never an unhandled rejection.
  return parsing.then(
    (parsed) => (cleanJson(parsed) ? parsed : reparse(blob, plan)),
    () => reparse(blob, plan),
  );
}
