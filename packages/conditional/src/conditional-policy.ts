import { conditionalError } from "./conditional-errors.js";

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

/** The options of `conditionalRequests()`: the app-wide default of GET routes without `@Conditional`. */
export interface ConditionalAppOptions {
  /** Computed `ETag`s on every GET and HEAD answer: `"strong"` or `"weak"`; absent: no default. */
  readonly etag?: "strong" | "weak";
}

/** A route's conditional request handling, as planned at startup. */
export interface ConditionalPlan {
  /** Computed tags on GET and HEAD answers; false: only the handler's own. */
  readonly etag: "strong" | "weak" | false;
  /** On an unsafe method: 428 without `If-Match`. */
  readonly requireIfMatch: boolean;
}

const known = new Set(["etag", "requireIfMatch"]);

/** Checks the value of `@Conditional(...)` (or the app's default). */
export function checkConditional(value: unknown, where: string): ConditionalPlan {
  const fail = (why: string): never => {
    throw conditionalError("INVALID_CONDITIONAL", [where, why]);
  };
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
  return { etag: etag as ConditionalPlan["etag"], requireIfMatch: requireIfMatch as boolean };
}

/** Checks `conditionalRequests(options)`: the app-wide default, or undefined for none. */
export function appConditional(value: unknown, caller: string): ConditionalOptions | undefined {
  if (value === undefined) return undefined;
  const etag = (value as { etag?: unknown } | null)?.etag;
  if (
    typeof value !== "object" ||
    value === null ||
    Object.keys(value).some((name) => name !== "etag") ||
    (etag !== undefined && etag !== "strong" && etag !== "weak")
  ) {
    throw conditionalError("INVALID_CONDITIONAL", [
      caller,
      'the options must be { etag?: "strong" | "weak" } (requireIfMatch belongs on @Conditional).',
    ]);
  }
  return etag === undefined ? undefined : { etag };
}
