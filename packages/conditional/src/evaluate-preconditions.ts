import type { CurrentValidators } from "@trellis/core/extend";
import {
  type EntityTag,
  parseEntityTag,
  parseEntityTagList,
  strongMatch,
  weakMatch,
} from "./entity-tag.js";

/** What the preconditions say: go on, answer 304 (GET and HEAD only), or answer 412. */
export type PreconditionOutcome = "proceed" | "not-modified" | "failed";

const isSafeRead = (method: string) => method === "GET" || method === "HEAD";

/** Seconds since the epoch of an HTTP-date (or a Date, or milliseconds); undefined if invalid. */
function seconds(value: Date | number | string | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const time =
    value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  // Dates have one-second precision in HTTP: compare whole seconds.
  return Number.isFinite(time) ? Math.floor(time / 1000) : undefined;
}

/** `If-Match`: true when `*` and the resource exists, or a listed tag matches strongly. */
function ifMatch(value: string, exists: boolean, current: EntityTag | undefined): boolean {
  const list = parseEntityTagList(value);
  if (list === "*") return exists;
  return current !== undefined && list.some((tag) => strongMatch(tag, current));
}

/** `If-None-Match`: false when `*` and the resource exists, or a listed tag matches weakly. */
function ifNoneMatch(value: string, exists: boolean, current: EntityTag | undefined): boolean {
  const list = parseEntityTagList(value);
  if (list === "*") return !exists;
  return current === undefined || !list.some((tag) => weakMatch(tag, current));
}

/**
 * Evaluates a request's preconditions against the current representation in the order of
 * RFC 9110 section 13.2.2: `If-Match`, else `If-Unmodified-Since`; then `If-None-Match`, else
 * (GET and HEAD only) `If-Modified-Since`. A date that is not an HTTP-date is ignored, and so is a
 * date condition when the representation has no modification time.
 */
export function evaluatePreconditions(
  headers: Headers,
  method: string,
  current: CurrentValidators | undefined,
): PreconditionOutcome {
  const exists = current !== undefined;
  const tag = current?.etag ? parseEntityTag(current.etag) : undefined;
  const modified = seconds(current?.lastModified);
  const match = headers.get("if-match");
  if (match !== null) {
    if (!ifMatch(match, exists, tag)) return "failed";
  } else if (modified !== undefined) {
    const since = seconds(headers.get("if-unmodified-since"));
    if (since !== undefined && modified > since) return "failed";
  }
  const noneMatch = headers.get("if-none-match");
  if (noneMatch !== null) {
    if (!ifNoneMatch(noneMatch, exists, tag)) {
      return isSafeRead(method) ? "not-modified" : "failed";
    }
  } else if (isSafeRead(method) && modified !== undefined) {
    const since = seconds(headers.get("if-modified-since"));
    if (since !== undefined && modified <= since) return "not-modified";
  }
  return "proceed";
}

/** True when the request carries any precondition header. */
export const hasPreconditions = (headers: Headers): boolean =>
  headers.has("if-match") ||
  headers.has("if-none-match") ||
  headers.has("if-modified-since") ||
  headers.has("if-unmodified-since");
