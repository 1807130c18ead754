import { createHash } from "node:crypto";
import { readWithin } from "@trellis/core/extend";

/**
 * A digest of what makes two requests the same payload: method, target (path and query), media
 * type and body bytes (as sent, coded or not). The body is read from a clone, so the route reads
 * the original as usual; undefined when the body is over `limit` bytes (the route then answers 413
 * itself, and nothing is claimed).
 */
export async function requestFingerprint(
  request: Request,
  limit: number,
): Promise<string | undefined> {
  const hash = createHash("sha256");
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  hash.update(`${request.method}\n${start === -1 ? "/" : url.slice(start)}\n`);
  hash.update(`${request.headers.get("content-type") ?? ""}\n`);
  const body = request.body === null || request.bodyUsed ? null : request.clone().body;
  if (body !== null && !(await readWithin(body, limit, (chunk) => hash.update(chunk)))) {
    return undefined;
  }
  return hash.digest("base64url");
}

/** The store's key for a client's key on one route: hashed, so no credential is kept as it is. */
export function storeKey(route: string, scope: string, key: string): string {
  return createHash("sha256").update(`${route}\n${scope}\n${key}`).digest("base64url");
}
