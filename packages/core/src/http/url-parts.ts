import { decodeComponentStrict } from "./strict-utf8.js";

// Request URLs are absolute ("http://host/path?query"); slicing them is much cheaper than `new URL`.

function pathStart(url: string): number {
  // Without a usable Host (HTTP/1.0, `Host: a/b`) Bun gives the origin-less target: "/path?query".
  if (url.charCodeAt(0) === 47) return 0;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start === -1 ? url.length : start;
}

function pathEnd(url: string, start: number): number {
  const query = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  if (query === -1) return hash === -1 ? url.length : hash;
  return hash === -1 || query < hash ? query : hash;
}

/** The raw (still percent-encoded) path of a request URL; "/" when it has none. */
export function pathOf(url: string): string {
  const start = pathStart(url);
  const end = pathEnd(url, start);
  return start === end ? "/" : url.slice(start, end);
}

/** The raw query string of a request URL, without "?" ("" when there is none). */
export function queryOf(url: string): string {
  const start = url.indexOf("?", pathStart(url));
  if (start === -1) return "";
  const hash = url.indexOf("#", pathStart(url));
  if (hash !== -1 && hash < start) return ""; // the "?" is inside the fragment
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end === -1 ? url.length : end);
}

type QueryRecord = Record<string, string | string[]>;

function addQueryValue(record: QueryRecord, key: string, value: string): void {
  const existing = record[key];
  if (existing === undefined) record[key] = value;
  else if (typeof existing === "string") record[key] = [existing, value];
  else existing.push(value);
}

/** Thrown by `parseQuery` for percent-encoded bytes that are not UTF-8. */
export class InvalidEncodingError extends URIError {}

// URLSearchParams turned bytes into U+FFFD: were they a U+FFFD the client sent, or invalid?
function checkEncoding(query: string): void {
  for (const pair of query.split("&")) {
    for (const part of pair.split("=", 2)) {
      if (decodeComponentStrict(part) === undefined) {
        throw new InvalidEncodingError("percent-encoded bytes that are not UTF-8");
      }
    }
  }
}

/**
 * Parses a query string (or a form-urlencoded body) into a prototype-free record; repeated keys
 * become arrays. Text with nothing to decode (no "%", no "+": the common case) is split directly;
 * anything else goes through `URLSearchParams`, so decoding is exactly the URL standard's, except
 * that bytes which are not UTF-8 throw `InvalidEncodingError` instead of becoming U+FFFD.
 */
export function parseQuery(query: string): QueryRecord {
  const record: QueryRecord = Object.create(null);
  if (query === "") return record;
  if (query.includes("%") || query.includes("+")) {
    // The leading "&" is an empty pair the parser skips; it stops the constructor from dropping
    // a leading "?", which belongs to the first key in a query or form body.
    let replaced = false;
    for (const [key, value] of new URLSearchParams(`&${query}`)) {
      if (!replaced && (key.includes("\uFFFD") || value.includes("\uFFFD"))) replaced = true;
      addQueryValue(record, key, value);
    }
    if (replaced) checkEncoding(query);
    return record;
  }
  let start = 0;
  while (start < query.length) {
    let end = query.indexOf("&", start);
    if (end === -1) end = query.length;
    if (end > start) {
      const equals = query.indexOf("=", start);
      if (equals === -1 || equals > end) addQueryValue(record, query.slice(start, end), "");
      else addQueryValue(record, query.slice(start, equals), query.slice(equals + 1, end));
    }
    start = end + 1;
  }
  return record;
}

/** Decodes one path parameter once; undefined for invalid percent-encoding or a decoded NUL. */
export function decodePathParam(raw: string): string | undefined {
  if (!raw.includes("%")) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.includes("\0") ? undefined : decoded;
}
