import { unsafeJson } from "../request/json-guard.js";

/** A parsed text message, or why it is refused. */
export type ParsedMessage = { ok: true; value: unknown } | { ok: false; detail: string };

/**
 * Parses a JSON text message with the protections request bodies get: invalid JSON, a
 * `__proto__` or `constructor.prototype` key, or nesting deeper than bodies may is refused.
 */
export function parseMessage(text: string): ParsedMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, detail: "The message is not valid JSON." };
  }
  const problem = unsafeJson(value);
  if (problem !== undefined) return { ok: false, detail: `The message ${problem}.` };
  return { ok: true, value };
}
