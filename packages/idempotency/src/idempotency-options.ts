import { checkDuration, type OutagePolicy } from "@trellis/core/extend";
import { idempotencyError } from "./idempotency-errors.js";
import { checkOutage, longestIdempotencyTtl } from "./idempotency-policy.js";
import type { IdempotencyStore } from "./idempotency-store.js";
import { memoryIdempotencyStore } from "./memory-idempotency-store.js";

/** `idempotencyKeys(options)`: where `@Idempotent` routes keep their keys, and for how long. */
export interface IdempotencyAppOptions {
  /** Where keys and responses live (default `memoryIdempotencyStore()`: this process only). */
  readonly store?: IdempotencyStore;
  /** Seconds a completed response is kept for replay (default 86 400: 24 hours). */
  readonly ttl?: number;
  /**
   * Seconds a key stays claimed by a request that never finishes (an instance that crashed)
   * before a retry may run it again (default 60; at least the route's timeout).
   */
  readonly lockTtl?: number;
  /**
   * Whose keys are whose: requests with different scopes never share a key. Default: the
   * authenticated principal (`getPrincipal`: any scheme, API keys included), else the
   * `Authorization` header, else (a public route) the client's address; return the user or tenant
   * id when callers are told apart another way (a session cookie).
   */
  readonly scope?: (request: Request) => string | undefined;
  /**
   * What `@Idempotent` routes do while the store cannot be reached, unless their own `outage`
   * says: `"fail-closed"` (the default) answers 503 with `Retry-After`, since the app cannot
   * promise to run a request once; `"fail-open"` runs it without its key (a retry may run twice).
   */
  readonly outage?: OutagePolicy;
}

/** The options of `idempotencyKeys()`, checked. */
export interface IdempotencySettings {
  readonly store: IdempotencyStore;
  /** Milliseconds. */
  readonly ttlMs: number;
  /** Milliseconds. */
  readonly lockMs: number;
  /** Undefined: the caller (see `callerScope`), planned per route. */
  readonly scope: ((request: Request) => string | undefined) | undefined;
  readonly outage: OutagePolicy;
}

const known = new Set(["store", "ttl", "lockTtl", "scope", "outage"]);

/** Reads the options of `idempotencyKeys()`. */
export function parseIdempotency(value: unknown): IdempotencySettings {
  const fail = (why: string): never => {
    throw idempotencyError("INVALID_IDEMPOTENCY", ["idempotencyKeys", why]);
  };
  if (value !== undefined && (value === null || typeof value !== "object")) {
    fail("the options must be an object { store?, ttl?, lockTtl?, scope?, outage? }.");
  }
  const options = (value ?? {}) as IdempotencyAppOptions;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`unknown option ${unknown.join(", ")}.`);
  const { store, scope } = options;
  const methods = ["claim", "complete", "release"] as const;
  if (
    store !== undefined &&
    (store === null || methods.some((name) => typeof store[name] !== "function"))
  ) {
    fail(
      "store must be an idempotency store (claim, complete, release), such as redisIdempotencyStore().",
    );
  }
  if (scope !== undefined && typeof scope !== "function") fail("scope must be a function.");
  const rule = { unit: "seconds", max: longestIdempotencyTtl } as const;
  const ttl =
    options.ttl === undefined ? 86_400 : checkDuration(options.ttl, "idempotencyKeys: ttl", rule);
  const lock =
    options.lockTtl === undefined
      ? 60
      : checkDuration(options.lockTtl, "idempotencyKeys: lockTtl", rule);
  return {
    store: store ?? memoryIdempotencyStore(),
    ttlMs: ttl * 1000,
    lockMs: lock * 1000,
    scope,
    outage: checkOutage(options.outage, "idempotencyKeys") ?? "fail-closed",
  };
}
