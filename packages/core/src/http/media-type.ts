import { isJsonMediaType } from "./negotiate.js";
import type { BodyContentType } from "./vocabulary.js";

/**
 * True when a `Content-Type` header value is one a body binding of `expected` reads: the same
 * media type (any `+json` type counts as JSON), case-insensitive, with at most a UTF-8 charset
 * (multipart parameters such as `boundary` are the parser's business).
 */
export function acceptsMediaType(header: string, expected: BodyContentType): boolean {
  if (header === expected) return true; // the common case, without parsing
  const semicolon = header.indexOf(";");
  const essence = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (expected === "application/json") {
    if (!isJsonMediaType(essence)) return false;
  } else if (essence !== expected) {
    return false;
  }
  if (semicolon === -1 || expected === "multipart/form-data") return true;
  for (const parameter of header.slice(semicolon + 1).split(";")) {
    const [name = "", value = ""] = parameter
      .split("=", 2)
      .map((part) => part.trim().toLowerCase());
    if (name === "charset" && value.replace(/^"|"$/g, "") !== "utf-8" && value !== "utf8") {
      return false;
    }
  }
  return true;
}
