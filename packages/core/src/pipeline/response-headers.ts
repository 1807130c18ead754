/**
 * Applies header changes to a response: in place when its headers are mutable (Trellis's own
 * responses), else to a copy (responses from `fetch()` have immutable headers).
 */
export function withHeaders(response: Response, apply: (headers: Headers) => void): Response {
  try {
    apply(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
    apply(copy.headers);
    return copy;
  }
}

/** Adds `names` to a `Vary` header, keeping what it lists (and `*`, which covers everything). */
export function addVary(headers: Headers, ...names: string[]): void {
  const current = headers.get("vary");
  if (current === null || current.trim() === "") {
    headers.set("vary", names.join(", "));
    return;
  }
  const listed = current.split(",").map((name) => name.trim().toLowerCase());
  if (listed.includes("*")) return;
  const missing = names.filter((name) => !listed.includes(name.toLowerCase()));
  if (missing.length > 0) headers.set("vary", [current, ...missing].join(", "));
}
