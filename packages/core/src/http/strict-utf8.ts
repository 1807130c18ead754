// Invalid UTF-8 is refused in every input, never silently turned into U+FFFD: a value the app
// reads must be the value the client sent, or a 400.
const fatal = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();
const hex = /^[0-9A-Fa-f]{2}$/;

/** Bytes as UTF-8 text, or undefined when they are not valid UTF-8 (a leading BOM is kept). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Percent-decodes one form-encoded component (`+` is a space) as the URL standard does, except
 * that bytes which are not UTF-8 give undefined instead of U+FFFD. `%` not followed by two hex
 * digits stays as written, as in the standard.
 */
export function decodeComponentStrict(component: string): string | undefined {
  const text = component.replaceAll("+", " ");
  if (!text.includes("%")) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const pair = text.slice(index + 1, index + 3);
    if (text.charCodeAt(index) === 37 && hex.test(pair)) {
      bytes.push(Number.parseInt(pair, 16));
      index += 2;
      continue;
    }
    const code = text.codePointAt(index) as number;
    if (code < 0x80) bytes.push(code);
    else {
      const char = String.fromCodePoint(code);
      bytes.push(...encoder.encode(char));
      index += char.length - 1;
    }
  }
  return decodeUtf8(new Uint8Array(bytes));
}

// Any character above U+007F: the value holds bytes a runtime read one per character.
const nonAscii = /[\u0080-\uffff]/;

/**
 * A header value as the runtime gives it (one character per byte) read as UTF-8: ASCII as it is,
 * other bytes decoded, and undefined when they are not valid UTF-8.
 */
export function headerValueUtf8(value: string): string | undefined {
  if (!nonAscii.test(value)) return value;
  const bytes = new Uint8Array(value.length);
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code > 0xff) return value; // already text, not bytes
    bytes[index] = code;
  }
  return decodeUtf8(bytes);
}
