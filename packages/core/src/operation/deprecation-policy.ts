import { configError } from "../errors/core-config-error.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";

/** The options of `@Deprecated`. Dates are `Date` objects or ISO 8601 strings (`"2026-12-31"`). */
export interface DeprecatedOptions {
  /** When the operation was (or will be) deprecated: the `Deprecation` date. Default: when the app started. */
  readonly since?: Date | string;
  /** When it stops being served: the `Sunset` header (RFC 8594). */
  readonly sunset?: Date | string;
  /** A page about the deprecation (what to use instead): a `Link` with `rel="deprecation"`. */
  readonly link?: string;
  /** A page about the sunset: a `Link` with `rel="sunset"`. */
  readonly sunsetLink?: string;
}

/** A deprecation as the operation carries it, checked. */
export interface DeprecationPolicy {
  /** The declared deprecation date; undefined: the app's start is sent. */
  readonly since: Date | undefined;
  readonly sunset: Date | undefined;
  readonly link: string | undefined;
  readonly sunsetLink: string | undefined;
}

const known = new Set(["since", "sunset", "link", "sunsetLink"]);
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
// A URI reference (RFC 3986 characters only) that can sit between "<" and ">" in a Link header.
const linkTarget = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

// `@Deprecated` as written, on methods (by their metadata) and classes.
const onMethods = new WeakMap<MethodMetadata, unknown>();
const onClasses = new WeakMap<Function, unknown>();

/** Records `@Deprecated(value)` on a method's metadata. */
export function recordMethodDeprecation(method: MethodMetadata, value: unknown): void {
  onMethods.set(method, value);
}

/** Records `@Deprecated(value)` on a class. */
export function recordClassDeprecation(target: Function, value: unknown): void {
  onClasses.set(target, value);
}

function checkDate(value: unknown, name: string, fail: (why: string) => never): Date | undefined {
  if (value === undefined) return undefined;
  const date =
    value instanceof Date
      ? value
      : typeof value === "string" && isoDate.test(value)
        ? new Date(value)
        : undefined;
  if (date === undefined || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1970) {
    return fail(`${name} must be a Date or an ISO 8601 date such as "2026-12-31" (from 1970).`);
  }
  return date;
}

function checkLink(value: unknown, name: string, fail: (why: string) => never): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !linkTarget.test(value) || !URL.canParse(value, "http://h/")) {
    return fail(`${name} must be a URL (absolute, or a path such as "/docs/migrating").`);
  }
  return value;
}

/** Checks `@Deprecated(...)`: `true` or no options deprecates without dates; `false` undoes a class's. */
export function checkDeprecation(value: unknown, where: string): DeprecationPolicy | undefined {
  if (value === false) return undefined;
  const fail = (why: string): never => {
    throw configError("INVALID_DEPRECATION", [where, why]);
  };
  if (value === undefined || value === true) {
    return { since: undefined, sunset: undefined, link: undefined, sunsetLink: undefined };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return fail("takes { since?, sunset?, link?, sunsetLink? } (or false to undo a class's).");
  }
  const options = value as Record<string, unknown>;
  const unknown = Object.keys(options).filter((name) => !known.has(name));
  if (unknown.length > 0) fail(`has unknown option ${unknown.join(", ")}.`);
  const since = checkDate(options.since, "since", fail);
  const sunset = checkDate(options.sunset, "sunset", fail);
  // RFC 9745 section 5: a resource is deprecated no later than it goes away.
  if (since !== undefined && sunset !== undefined && sunset < since) {
    fail("sunset is before since: an operation is deprecated before it is withdrawn.");
  }
  return {
    since,
    sunset,
    link: checkLink(options.link, "link", fail),
    sunsetLink: checkLink(options.sunsetLink, "sunsetLink", fail),
  };
}

/** The deprecation of one route: the method's `@Deprecated`, else its class's (or a base class's). */
export function readDeprecation(
  controller: Function,
  method: MethodMetadata,
  where: string,
): DeprecationPolicy | undefined {
  if (onMethods.has(method)) return checkDeprecation(onMethods.get(method), where);
  for (
    let current: unknown = controller;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    if (onClasses.has(current as Function)) {
      return checkDeprecation(onClasses.get(current as Function), where);
    }
  }
  return method.deprecated ? checkDeprecation(true, where) : undefined;
}
