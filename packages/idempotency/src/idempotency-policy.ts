import {
  checkDuration,
  type FeatureSetting,
  type Operation,
  type OutagePolicy,
} from "@trellis/core/extend";
import { idempotencyError } from "./idempotency-errors.js";

/** An idempotent route's plan: its policy and whose keys are whose. */
export interface IdempotencyPlan extends IdempotencyPolicy {
  /** The scope of a request's key (see `idempotencyKeys({ scope })`). */
  readonly scope: (request: Request) => string | undefined;
}

/** The options of `@Idempotent`. */
export interface IdempotentOptions {
  /** Refuse a request without `Idempotency-Key` with 400 (default true); false processes it. */
  readonly required?: boolean;
  /** Seconds a completed response is kept for replay (default: `idempotencyKeys({ ttl })`, 24 hours). */
  readonly ttl?: number;
  /**
   * While the store cannot be reached (default: `idempotencyKeys({ outage })`, else
   * `"fail-closed"`): `"fail-open"` runs the request without its key, for a route where a
   * duplicate does no harm.
   */
  readonly outage?: OutagePolicy;
}

/** An idempotent route's settings, checked. */
export interface IdempotencyPolicy {
  readonly required: boolean;
  /** Seconds; undefined: the app's `ttl` of `idempotencyKeys()`. */
  readonly ttl: number | undefined;
  /** Undefined: the app's `outage` of `idempotencyKeys()`. */
  readonly outage: OutagePolicy | undefined;
}

/** Checks an outage policy; undefined is the default. */
export function checkOutage(value: unknown, where: string): OutagePolicy | undefined {
  if (value === undefined || value === "fail-open" || value === "fail-closed") return value;
  throw idempotencyError("INVALID_IDEMPOTENCY", [
    where,
    'outage must be "fail-open" or "fail-closed".',
  ]);
}

const known = new Set(["required", "ttl", "outage"]);
/** The longest time a response may be kept: 366 days, in seconds. */
export const longestIdempotencyTtl = 366 * 24 * 60 * 60;
// A class's @Idempotent covers its non-idempotent routes; a method's may be on any unsafe one.
const byClass: ReadonlySet<string> = new Set(["POST", "PATCH"]);
const unsafe: ReadonlySet<string> = new Set(["POST", "PATCH", "PUT", "DELETE"]);

function checkOptions(value: unknown, where: string): IdempotencyPolicy {
  const fail = (why: string): never => {
    throw idempotencyError("INVALID_IDEMPOTENCY", [where, why]);
  };
  if (value === null || typeof value !== "object") {
    return fail("@Idempotent takes { required?, ttl?, outage? } or nothing.");
  }
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`unknown @Idempotent option ${unknown.join(", ")}.`);
  if (options.required !== undefined && typeof options.required !== "boolean") {
    fail("required must be true or false.");
  }
  const ttl =
    options.ttl === undefined
      ? undefined
      : checkDuration(options.ttl, `${where}: @Idempotent ttl`, {
          unit: "seconds",
          max: longestIdempotencyTtl,
        });
  return { required: options.required !== false, ttl, outage: checkOutage(options.outage, where) };
}

/**
 * The idempotency of one route: the method's `@Idempotent`, else its class's (for POST and PATCH
 * routes only). On a safe method or an event stream, the method's is refused.
 */
export function readIdempotency(
  { value, from }: FeatureSetting<IdempotentOptions>,
  operation: Operation,
  where: string,
): IdempotencyPolicy | undefined {
  const policy = checkOptions(value, where);
  const sse = operation.sse !== undefined;
  if (from !== "method") return byClass.has(operation.method) && !sse ? policy : undefined;
  if (!unsafe.has(operation.method) || sse) {
    throw idempotencyError("INVALID_IDEMPOTENCY", [
      where,
      `@Idempotent is on a ${sse ? "event stream" : operation.method} route; only POST, PATCH, PUT and DELETE routes can be made idempotent.`,
    ]);
  }
  return policy;
}
