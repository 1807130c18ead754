import type { StoredResponse } from "./idempotency-store.js";

// Fields of one connection or one answer, never replayed as they were.
const notKept = new Set([
  "connection",
  "content-length",
  "date",
  "keep-alive",
  "transfer-encoding",
]);

/** True when a response is kept for replay: final answers, not "try again" ones or 5xx. */
export function isKept(status: number): boolean {
  return status < 500 && status !== 408 && status !== 425 && status !== 429;
}

/** Reads a response whole into what the store keeps, and the response to send in its place. */
export async function captureResponse(
  response: Response,
  requestIdHeader: string | undefined,
): Promise<{ stored: StoredResponse; sent: Response }> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!notKept.has(name) && name !== requestIdHeader) headers.push([name, value]);
  });
  const sent = new Response(body.byteLength === 0 && response.body === null ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  return { stored: { status: response.status, headers, body }, sent };
}

/** A kept response, sent again: marked `Idempotent-Replayed: true`. */
export function replayResponse(stored: StoredResponse): Response {
  const headers = new Headers(stored.headers as [string, string][]);
  headers.set("idempotent-replayed", "true");
  const empty = stored.body.byteLength === 0 && (stored.status === 204 || stored.status === 304);
  return new Response(empty ? null : stored.body, { status: stored.status, headers });
}
