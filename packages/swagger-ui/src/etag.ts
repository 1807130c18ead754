import { createHash } from "node:crypto";

/** A strong entity tag for these bytes: a quoted, URL-safe SHA-256 digest prefix. */
export function contentEtag(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` header value matches `etag`. RFC 9110 asks for the weak comparison
 * here, so `W/"x"` matches `"x"`; `*` matches any current representation.
 */
export function ifNoneMatchMatches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  for (const raw of header.split(",")) {
    const candidate = raw.trim();
    if (candidate === "*") return true;
    const opaque = candidate.startsWith("W/") ? candidate.slice(2) : candidate;
    if (opaque === etag) return true;
  }
  return false;
}
