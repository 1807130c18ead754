import { configError } from "../errors/core-config-error.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";

// Safe in a path segment and in a header value: letters, digits, ".", "-" and "_".
const versionGrammar = /^[0-9A-Za-z][0-9A-Za-z._-]{0,31}$/;
// "v2" would be served at /vv2: the "v" is the URI strategy's, not the version's.
const prefixed = /^[vV][0-9]/;

/** Checks an API version (`@Version("2")`, `versioning.default`): a short token, no leading "v". */
export function checkVersion(value: unknown, where: string): string {
  if (typeof value !== "string" || !versionGrammar.test(value)) {
    throw configError("INVALID_VERSION", [
      where,
      `the version ${JSON.stringify(value) ?? String(value)} is not 1 to 32 letters, digits, ".", "-" or "_" starting with a letter or digit (such as "2" or "2024-06-01")`,
    ]);
  }
  if (prefixed.test(value)) {
    throw configError("INVALID_VERSION", [
      where,
      `write the version without its "v" (@Version("${value.slice(1)}")): the URI strategy adds it (/v${value.slice(1)}/...)`,
    ]);
  }
  return value;
}

/**
 * Orders versions as people read them: runs of digits by their number ("2" before "10"), the rest
 * by character code ("2024-01-15" before "2024-06-01").
 */
export function compareVersions(a: string, b: string): number {
  const left = a.match(/\d+|\D+/g) ?? [];
  const right = b.match(/\d+|\D+/g) ?? [];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x === y) continue;
    const numeric = /^\d/.test(x) && /^\d/.test(y);
    if (numeric && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
}

// `@Version` as written: on a method (keyed by its metadata, so a redeclared method has its own)
// or on a class (inherited by subclasses that do not declare their own).
const onMethods = new WeakMap<MethodMetadata, unknown>();
const onClasses = new WeakMap<Function, unknown>();

/** Records `@Version(value)` on a method's metadata. */
export function recordMethodVersion(method: MethodMetadata, value: unknown): void {
  onMethods.set(method, value);
}

/** Records `@Version(value)` on a class. */
export function recordClassVersion(target: Function, value: unknown): void {
  onClasses.set(target, value);
}

/** The version of one route: the method's `@Version`, else its class's (or a base class's). */
export function readVersion(
  controller: Function,
  method: MethodMetadata,
  where: string,
): string | undefined {
  if (onMethods.has(method)) return checkVersion(onMethods.get(method), where);
  for (
    let current: unknown = controller;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    if (onClasses.has(current as Function)) {
      return checkVersion(onClasses.get(current as Function), where);
    }
  }
  return undefined;
}
