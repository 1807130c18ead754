/** What one part's header block says about it. */
export interface PartHead {
  /** The form field the part belongs to. */
  readonly name: string;
  /** Present (possibly empty) when the part is a file: the name the client gave it, as text only. */
  readonly filename: string | undefined;
  /**
   * The declared Content-Type's essence in lower case; `text/plain` when the part declares none or
   * an empty one (RFC 7578, section 4.4; busboy does the same). Only a file part's type is used.
   */
  readonly contentType: string;
}

/** The type of a part that declares none (RFC 7578, section 4.4). */
const undeclaredType = "text/plain";

const token = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;
const unquoted = /[^;\s"]*/y;
const whitespace = /[ \t]*/y;
// After a quote: only whitespace, then the next parameter or the end of the header value.
const valueEnd = /[ \t]*(?:;|$)/y;

/** True when only whitespace, then `;` or the end of the value, follows `at`. */
function endsAt(text: string, at: number): boolean {
  valueEnd.lastIndex = at;
  return valueEnd.test(text);
}

function skip(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : at;
}

/**
 * A quoted string starting at `at` (its opening quote): its text and the offset after its closing
 * quote, or undefined when it never closes. Quoted-pair senders escape with a backslash (`\\` is a
 * backslash, `\"` a quote); browsers (WHATWG's multipart/form-data encoding) send `"` as %22 and a
 * backslash raw. Both are read: a backslash before any other character is kept as it is, as busboy
 * keeps it (`C:\files\a.txt` arrives whole); and a `\"` that can only be the closing quote (only
 * whitespace, then `;` or the end, follows it) is a raw backslash ending the value (a browser's
 * `filename="dir\"`), where busboy refuses the head. The cost: a browser's file named `a\\b` (two
 * raw backslashes) arrives as `a\b`, and an escaping sender's value with a quote right before its
 * own `;` reads differently (neither a browser nor curl sends that: both send `"` as %22).
 */
function quoted(text: string, at: number): [string, number] | undefined {
  let value = "";
  let from = at + 1;
  for (let index = from; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x22) return [value + text.slice(from, index), index + 1];
    if (char !== 0x5c) continue;
    const next = text.charCodeAt(index + 1);
    const escapes = next === 0x5c || (next === 0x22 && !endsAt(text, index + 2));
    if (!escapes) continue; // a raw backslash
    value += text.slice(from, index) + text[index + 1];
    index++;
    from = index + 1;
  }
  return undefined;
}

/**
 * The `form-data` disposition's parameters, quoted strings read as `quoted` says (percent escapes
 * are left to the caller); undefined when it is another disposition or malformed. The first of a
 * repeated parameter wins, as in browsers' and busboy's reading.
 */
function disposition(value: string): Map<string, string> | undefined {
  const semicolon = value.indexOf(";");
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (type !== "form-data") return undefined;
  const parameters = new Map<string, string>();
  if (semicolon === -1) return parameters;
  let at = semicolon;
  while (at < value.length) {
    if (value.charCodeAt(at) !== 0x3b) return undefined; // each parameter follows a `;`
    at = skip(whitespace, value, at + 1);
    token.lastIndex = at;
    const key = token.exec(value)?.[0].toLowerCase();
    if (key === undefined) return undefined;
    at = skip(whitespace, value, token.lastIndex);
    if (value.charCodeAt(at) !== 0x3d) return undefined; // `=`
    at = skip(whitespace, value, at + 1);
    let text: string;
    if (value.charCodeAt(at) === 0x22) {
      const read = quoted(value, at);
      if (read === undefined) return undefined;
      [text, at] = read;
    } else {
      unquoted.lastIndex = at;
      text = unquoted.exec(value)?.[0] ?? "";
      at = unquoted.lastIndex;
    }
    if (!parameters.has(key)) parameters.set(key, text);
    at = skip(whitespace, value, at);
  }
  return parameters;
}

const percentEscaped = /%(?:22|0d|0a)/gi;
const percentText: Record<string, string> = { "%22": '"', "%0D": "\r", "%0A": "\n" };

/**
 * A name or filename as sent by WHATWG's multipart/form-data encoding, which writes `"`, CR and LF
 * as %22, %0D and %0A (and nothing else: a `%` is sent raw, so a browser's `a%22b` and `a"b` are
 * the same name). Those three are decoded, in either case; every other `%` stays as it is.
 */
const unpercent = (text: string) =>
  text.includes("%")
    ? text.replace(percentEscaped, (encoded) => percentText[encoded.toUpperCase()] as string)
    : text;

// charset ' [language] ' value-chars (RFC 8187, section 3.2.1)
const extValue =
  /^([!#$%&+^_`{}~0-9A-Za-z-]+)'[0-9A-Za-z-]*'((?:%[0-9A-Fa-f]{2}|[!#$&+.^_`|~0-9A-Za-z-])*)$/;

/**
 * An RFC 5987 (RFC 8187) ext-value, `charset'language'percent-encoded`, in UTF-8 or ISO-8859-1;
 * undefined when it is malformed, in another charset, or not valid UTF-8.
 */
function extendedValue(text: string): string | undefined {
  const match = extValue.exec(text);
  if (match === null) return undefined;
  const charset = (match[1] as string).toLowerCase();
  const encoded = match[2] as string;
  if (charset === "iso-8859-1" || charset === "latin1") {
    return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  if (charset !== "utf-8" && charset !== "utf8") return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined; // percent-encoded bytes that are not UTF-8
  }
}

/**
 * Reads a part's header block (RFC 7578): its `Content-Disposition: form-data; name=...` with an
 * optional `filename` (or RFC 5987 `filename*`, preferred when it can be read, as busboy does,
 * though RFC 7578 tells senders not to use it), and its `Content-Type`. Undefined when the block is
 * not one we accept (no form-data disposition, no name, a line without a colon or folded onto the
 * previous one). A filename is kept as the text the client sent; nothing ever uses it as a path.
 * The streamed and the in-memory form readers both read every part head here.
 */
export function readPartHead(head: string): PartHead | undefined {
  let dispositionValue: string | undefined;
  let contentType: string | undefined;
  if (head.length > 0) {
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0 || line.charCodeAt(0) === 0x20 || line.charCodeAt(0) === 0x09)
        return undefined;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "content-disposition") dispositionValue ??= value;
      else if (name === "content-type") contentType ??= value;
    }
  }
  if (dispositionValue === undefined) return undefined;
  const parameters = disposition(dispositionValue);
  const name = parameters?.get("name");
  if (parameters === undefined || name === undefined) return undefined;
  const extended = parameters.get("filename*");
  const plain = parameters.get("filename");
  let filename = extended === undefined ? undefined : extendedValue(extended);
  // An unreadable filename* falls back to filename (RFC 6266, section 4.3); alone it is malformed.
  if (filename === undefined && plain === undefined && extended !== undefined) return undefined;
  filename ??= plain === undefined ? undefined : unpercent(plain);
  const essence = contentType?.split(";")[0]?.trim().toLowerCase();
  return {
    name: unpercent(name),
    filename,
    contentType: essence === undefined || essence === "" ? undeclaredType : essence,
  };
}
