import { checkDuration } from "../errors/check-duration.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { HttpMethod } from "../http/vocabulary.js";
import { routeSetting } from "./route-setting.js";

/** The options of `@Idempotent`. */
export interface IdempotentOptions {
  /** Refuse a request without `Idempotency-Key` with 400 (default true); false processes it. */
  readonly required?: boolean;
  /** Seconds a completed response is kept for replay (default: `idempotency.ttl`, 24 hours). */
  readonly ttl?: number;
}

/** An idempotent route's settings as the operation carries them, checked. */
export interface IdempotencyPolicy {
  readonly required: boolean;
  /** Seconds; undefined: the app's `idempotency.ttl`. */
  readonly ttl: number | undefined;
}

const known = new Set(["required", "ttl"]);
/** The longest time a response may be kept: 366 days, in seconds. */
export const longestIdempotencyTtl = 366 * 24 * 60 * 60;
// A class's @Idempotent covers its non-idempotent routes; a method's may be on any unsafe one.
const byClass: ReadonlySet<HttpMethod> = new Set(["POST", "PATCH"]);
const unsafe: ReadonlySet<HttpMethod> = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The `@Idempotent` values recorded by the decorator, read by `createApp`. */
export const idempotencySetting = routeSetting();

function checkOptions(value: unknown, where: string): IdempotencyPolicy {
  const fail = (why: string): never => {
    throw new TrellisConfigError("INVALID_IDEMPOTENCY", `${where}: ${why}`);
  };
  if (value === null || typeof value !== "object") {
    return fail("@Idempotent takes { required?, ttl? } or nothing.");
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
  return { required: options.required !== false, ttl };
}

/**
 * The idempotency of one route (method `verb`): the method's `@Idempotent`, else its class's (for
 * POST and PATCH routes only). On a safe method or an event stream, the method's is refused.
 */
export function readIdempotency(
  controller: Function,
  method: Parameters<typeof idempotencySetting.read>[1],
  verb: HttpMethod,
  sse: boolean,
  where: string,
): IdempotencyPolicy | undefined {
  const own = idempotencySetting.read(controller, method);
  if (!own.found) return undefined;
  const policy = checkOptions(own.value, where);
  if (!own.onMethod) return byClass.has(verb) && !sse ? policy : undefined;
  if (!unsafe.has(verb) || sse) {
    throw new TrellisConfigError(
      "INVALID_IDEMPOTENCY",
      `${where}: @Idempotent is on a ${sse ? "event stream" : verb} route; only POST, PATCH, PUT and DELETE routes can be made idempotent.`,
    );
  }
  return policy;
}
