/** The longest key accepted, in characters. */
export const longestKey = 255;

// A structured-field String (RFC 9651): printable ASCII, with `\"` and `\\` escapes.
const sfString = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;
// A bare key, for clients that send one unquoted: visible ASCII without quotes, commas or `;`.
const bare = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x7e]+$/;

/**
 * The key an `Idempotency-Key` field carries, or undefined when it is not one: the draft makes it
 * a structured-field String (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`); a bare token-like value
 * (`8e03978e-40d5-...`) is accepted too, as many clients send it. 1 to 255 characters.
 */
export function parseIdempotencyKey(field: string): string | undefined {
  const value = field.trim();
  const quoted = sfString.exec(value);
  const key = quoted
    ? (quoted[1] as string).replace(/\\(["\\])/g, "$1")
    : bare.test(value)
      ? value
      : undefined;
  if (key === undefined || key.length === 0 || key.length > longestKey) return undefined;
  return key;
}
