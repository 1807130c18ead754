import { reasonPhrase } from "../http/status-text.js";

/** The standard reason phrase of a status, used as a response's description when none is given. */
export function statusText(status: number): string {
  return reasonPhrase(status) ?? `Status ${status}`;
}

/** Whether a response with this status to this method can carry a body (1xx, 204, 205, 304, HEAD cannot). */
export function statusHasBody(status: number, method: string): boolean {
  if (method === "HEAD") return false;
  return status >= 200 && status !== 204 && status !== 205 && status !== 304;
}
