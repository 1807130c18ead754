import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { HttpMethod } from "../http/vocabulary.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";

/** The options of `@Conditional` (RFC 9110 conditional requests). */
export interface ConditionalOptions {
  /**
   * The `ETag` of GET and HEAD answers whose handler sets none: a hash of the response's bytes,
   * `"strong"` (default) or `"weak"`; `false` sends only the handler's own `ETag`.
   */
  readonly etag?: "strong" | "weak" | false;
  /**
   * On PUT, PATCH, DELETE and POST: answer 428 to a request without `If-Match`, before the
   * handler runs (optimistic concurrency: no lost updates).
   */
  readonly requireIfMatch?: boolean;
}

/** The app-wide default of routes without `@Conditional`: `createApp({ conditional })`. */
export interface ConditionalAppOptions {
  /** Computed `ETag`s on every GET and HEAD answer: `"strong"` or `"weak"`. */
  readonly etag: "strong" | "weak";
}

/** A route's conditional request handling, as the operation carries it. */
export interface ConditionalPolicy {
  /** Computed tags on GET and HEAD answers; false: only the handler's own. */
  readonly etag: "strong" | "weak" | false;
  /** On an unsafe method: 428 without `If-Match`. */
  readonly requireIfMatch: boolean;
}

const known = new Set(["etag", "requireIfMatch"]);
const methods = new WeakMap<MethodMetadata, unknown>();
const classes = new WeakMap<Function, unknown>();

/** Records `@Conditional` on a method (`method` given) or a class. */
export function recordConditional(
  target: Function,
  method: MethodMetadata | undefined,
  value: unknown,
): void {
  if (method) methods.set(method, value);
  else classes.set(target, value);
}

/** Checks `@Conditional(...)` or the app's `conditional`; false means none. */
export function checkConditional(value: unknown, where: string): ConditionalPolicy | undefined {
  if (value === false) return undefined;
  const fail = (why: string): never => {
    throw new TrellisConfigError("INVALID_CONDITIONAL", `${where}: ${why}`);
  };
  if (value === undefined) return { etag: "strong", requireIfMatch: false };
  if (value === null || typeof value !== "object") {
    return fail(
      '@Conditional takes { etag?: "strong" | "weak" | false, requireIfMatch?: boolean }.',
    );
  }
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`unknown conditional option ${unknown.join(", ")}.`);
  const { etag = "strong", requireIfMatch = false } = options;
  if (etag !== "strong" && etag !== "weak" && etag !== false) {
    fail(`etag is ${JSON.stringify(etag)}: it must be "strong", "weak" or false.`);
  }
  if (typeof requireIfMatch !== "boolean") fail("requireIfMatch must be true or false.");
  return { etag: etag as ConditionalPolicy["etag"], requireIfMatch: requireIfMatch as boolean };
}

/** Checks `createApp({ conditional })`: `{ etag: "strong" | "weak" }`, or absent. */
export function defaultConditional(value: unknown, caller: string): ConditionalPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  const etag = (value as { etag?: unknown } | null)?.etag;
  if (
    typeof value !== "object" ||
    Object.keys(value as object).some((name) => name !== "etag") ||
    (etag !== "strong" && etag !== "weak")
  ) {
    throw new TrellisConfigError(
      "INVALID_CONDITIONAL",
      `${caller}: conditional must be { etag: "strong" | "weak" } (requireIfMatch belongs on @Conditional).`,
    );
  }
  return { etag, requireIfMatch: false };
}

/**
 * The conditional handling of one route: the method's `@Conditional`, else the nearest class's,
 * else the app's default (`fallback`, GET routes only); `@Conditional(false)` turns one off. An
 * event stream has none: on the method itself, that is a startup error.
 */
export function readConditional(
  controller: Function,
  method: MethodMetadata,
  verb: HttpMethod,
  sse: boolean,
  fallback: ConditionalPolicy | undefined,
  where: string,
): ConditionalPolicy | undefined {
  // OPTIONS describes the route; it has no representation to validate.
  if (verb === "OPTIONS") return undefined;
  if (sse) {
    // A class's @Conditional passes over its event streams; the method's own is a mistake.
    if (methods.has(method) && checkConditional(methods.get(method), where)) {
      throw new TrellisConfigError(
        "INVALID_CONDITIONAL",
        `${where}: @Conditional cannot be on an event stream (@Sse): it never ends, so it has no ETag.`,
      );
    }
    return undefined;
  }
  const policy = ownConditional(controller, method, where);
  if (policy === null) return verb === "GET" ? fallback : undefined;
  // If-Match is required only of requests that change something.
  const safe = verb === "GET" || verb === "HEAD";
  return policy && safe && policy.requireIfMatch ? { ...policy, requireIfMatch: false } : policy;
}

/** The method's `@Conditional`, else the nearest class's; null when neither has one. */
function ownConditional(
  controller: Function,
  method: MethodMetadata,
  where: string,
): ConditionalPolicy | undefined | null {
  if (methods.has(method)) return checkConditional(methods.get(method), where);
  for (
    let current: unknown = controller;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    if (classes.has(current as Function)) {
      return checkConditional(classes.get(current as Function), where);
    }
  }
  return null;
}
