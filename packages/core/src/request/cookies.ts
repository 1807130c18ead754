import { InvalidEncodingError } from "../http/url-parts.js";

const strayPercent = /%(?![0-9A-Fa-f]{2})/;

/**
 * Parses a `Cookie` header into a prototype-free record. The first of two equal names wins (the
 * browser sends the most specific cookie first); values are percent-decoded when that is valid
 * and unquoted (percent-encoded bytes that are not UTF-8 throw `InvalidEncodingError`). Written here rather than using `request.cookies`: a plain `new Request` (tests,
 * other fetch runtimes) does not have it.
 */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null);
  if (!header) return cookies;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name === "" || name in cookies) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1);
    }
    if (value.includes("%")) {
      try {
        value = decodeURIComponent(value);
      } catch {
        // Well-formed escapes of bytes that are not UTF-8 are refused; anything else is not
        // percent-encoding after all and stays as sent.
        if (!strayPercent.test(value)) {
          throw new InvalidEncodingError("percent-encoded bytes that are not UTF-8");
        }
      }
    }
    cookies[name] = value;
  }
  return cookies;
}
