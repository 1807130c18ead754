import { checkDuration, type OutagePolicy } from "@trellis/core/extend";
import { rateLimitError } from "./rate-limit-errors.js";

/**
 * What one client's budget is counted by: `"principal"` (the authenticated caller, as a scheme
 * check recorded it with `setPrincipal`; the client address where none did), `"ip"` (the client
 * address; see `rateLimits({ clientAddress })` for proxies), `{ header }` (a request header), or a
 * function of the request (return undefined to count the request under one shared "anonymous" key).
 */
export type RateLimitKey =
  | "principal"
  | "ip"
  | { readonly header: string }
  | ((request: Request) => string | undefined);

/**
 * What a route does while its store cannot be reached (core's `OutagePolicy`): `"fail-open"` lets
 * requests through uncounted (the default: an outage of the counters is not an outage of the API),
 * `"fail-closed"` answers 503 problem+json with `Retry-After` (for a route a flood must never
 * reach: a login, a costly export).
 */
export type { OutagePolicy };

/** The options of `@RateLimit` (and of the app-wide policy given to `rateLimits()`). */
export interface RateLimitOptions {
  /** Requests allowed per window and key (a whole number from 1). */
  readonly limit: number;
  /** The window in seconds (a whole number from 1): `w` in `RateLimit-Policy`. */
  readonly window: number;
  /**
   * What the budget is counted by. Default: `"principal"` on a route that `@Security` (or the
   * root `openapi.security`) protects, `"ip"` on a public one.
   */
  readonly key?: RateLimitKey;
  /**
   * The policy's name in the `RateLimit` headers. Routes with the same name share one budget per
   * key; default: the operationId (each route its own budget; the app-wide default is "default").
   */
  readonly name?: string;
  /** While the store cannot be reached (default: `rateLimits({ outage })`, else `"fail-open"`). */
  readonly outage?: OutagePolicy;
}

/** A rate limit policy as the operation carries it, checked. */
export interface RateLimitPolicy {
  readonly limit: number;
  /** Seconds. */
  readonly window: number;
  /** Undefined: the default (the principal where the route is protected, else the address). */
  readonly key: RateLimitKey | undefined;
  /** The explicit name; undefined: the route's operationId. */
  readonly name: string | undefined;
  /** Undefined: the app's (`rateLimits({ outage })`). */
  readonly outage: OutagePolicy | undefined;
}

/** Checks an outage policy; undefined is the default. */
export function checkOutage(value: unknown, where: string): OutagePolicy | undefined {
  if (value === undefined || value === "fail-open" || value === "fail-closed") return value;
  throw rateLimitError("INVALID_RATE_LIMIT", [
    where,
    'outage must be "fail-open" or "fail-closed".',
  ]);
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A policy name is sent as a structured-field string: printable ASCII.
const policyName = /^[\x20-\x7e]{1,64}$/;
const known = new Set(["limit", "window", "key", "name", "outage"]);
const longestWindow = 366 * 24 * 60 * 60;

/** Checks `@RateLimit(...)` (or `rateLimit`'s policy); false and undefined mean none. */
export function checkRateLimit(value: unknown, where: string): RateLimitPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  const fail = (why: string): never => {
    throw rateLimitError("INVALID_RATE_LIMIT", [where, why]);
  };
  if (value === null || typeof value !== "object") {
    return fail(
      "@RateLimit takes { limit, window, key?, name?, outage? } (or false to turn a default off).",
    );
  }
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`unknown rate limit option ${unknown.join(", ")}.`);
  const { limit, key, name } = options;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1) {
    fail(`limit is ${String(limit)}: it must be a whole number of requests from 1.`);
  }
  const window = checkDuration(options.window, `${where}: rate limit window`, {
    unit: "seconds",
    max: longestWindow,
  });
  const validKey =
    key === undefined ||
    key === "principal" ||
    key === "ip" ||
    typeof key === "function" ||
    (typeof key === "object" &&
      key !== null &&
      typeof (key as { header?: unknown }).header === "string" &&
      headerName.test((key as { header: string }).header));
  if (!validKey)
    fail(
      'key must be "principal", "ip", { header: "<header name>" } or a function of the request.',
    );
  if (name !== undefined && (typeof name !== "string" || !policyName.test(name))) {
    fail("name must be 1 to 64 printable ASCII characters.");
  }
  const normalized =
    typeof key === "object" ? { header: (key as { header: string }).header.toLowerCase() } : key;
  return {
    limit: limit as number,
    window,
    key: normalized as RateLimitKey | undefined,
    name: name as string | undefined,
    outage: checkOutage(options.outage, where),
  };
}

/** The app-wide policy (`limit` and `window` given), named "default" unless named; as written. */
export function appPolicy(options: Partial<RateLimitOptions>): RateLimitOptions | undefined {
  const { limit, window, key, name } = options;
  if (limit === undefined && window === undefined) return undefined;
  return {
    limit: limit as number,
    window: window as number,
    ...(key === undefined ? {} : { key }),
    name: name ?? "default",
  };
}
