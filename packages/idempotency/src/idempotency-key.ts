/** The longest key accepted, in characters. */
export const longestKey = 255;

// A structured-field String (RFC 9651): printable ASCII (0x20-0x7e), with `\"` and `\\` escapes.
// Written with literal characters, not `\x` escapes: the regex engines of schema-driven tools
// (json-schema-faker's, for one) read these as the server does, and some misread `\x` ranges.
const quotedChar = String.raw`[ !#-[\]-~]|\\["\\]`;
// A bare key, for clients that send one unquoted: visible ASCII without quotes, commas or `;`.
const bareChar = String.raw`[!#-+\-.\/0-:<-~]`;

const sfString = new RegExp(`^"((?:${quotedChar})*)"$`);
const bare = new RegExp(`^${bareChar}+$`);

/**
 * What the server accepts in `Idempotency-Key`, as an ECMA-262 pattern for the document: a quoted
 * string of 1 to 255 characters (escapes count as one) or a bare key of 1 to 255. Made from the
 * same pieces as `parseIdempotencyKey`, so the document cannot admit what the server refuses.
 */
export const idempotencyKeyPattern = `^(?:"(?:${quotedChar}){1,${longestKey}}"|${bareChar}{1,${longestKey}})$`;

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
