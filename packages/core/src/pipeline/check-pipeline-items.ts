import { configError } from "../errors/core-config-error.js";
import type { Guard } from "./guard.js";
import type { InterceptorItem } from "./interceptor.js";
import type { Middleware } from "./middleware.js";

// Native class syntax: calling such a function throws, so it must not pass as a guard function.
export const isClassSyntax = (value: Function): boolean =>
  /^class[\s{]/.test(Function.prototype.toString.call(value));

const describe = (value: unknown): string =>
  typeof value === "function"
    ? `class or function ${value.name || "(anonymous)"}`
    : value === null
      ? "null"
      : typeof value;

/** The name a guard is reported by in logs and errors: its function's or its class's. */
export const itemName = (item: unknown, fallback: string): string =>
  typeof item === "function" && item.name !== ""
    ? item.name
    : item !== null && typeof item === "object"
      ? (item.constructor?.name ?? fallback)
      : fallback;

// A pipeline item is a function, a class with `method` on its prototype, or an object with it.
function checkItem(
  item: unknown,
  method: "canActivate" | "intercept",
  where: string,
  code: "INVALID_GUARD" | "INVALID_INTERCEPTOR",
): void {
  if (typeof item === "function") {
    if (typeof (item.prototype as Record<string, unknown> | undefined)?.[method] === "function") {
      return;
    }
    if (!isClassSyntax(item)) return;
    throw configError(code, [where, `the class ${item.name}, which has no ${method}() method`]);
  }
  if (item !== null && typeof item === "object") {
    if (typeof (item as Record<string, unknown>)[method] === "function") return;
  }
  throw configError(code, [where, describe(item)]);
}

/** Checks one guard as declared (`where` names who declared it, for the startup error). */
export function checkGuard(item: unknown, where: string): Guard {
  checkItem(item, "canActivate", where, "INVALID_GUARD");
  return item as Guard;
}

/** Checks one interceptor as declared. */
export function checkInterceptor(item: unknown, where: string): InterceptorItem {
  checkItem(item, "intercept", where, "INVALID_INTERCEPTOR");
  return item as InterceptorItem;
}

/** Checks one middleware (only functions are middleware). */
export function checkMiddleware(item: unknown, where: string): Middleware {
  if (typeof item !== "function" || isClassSyntax(item)) {
    throw configError("INVALID_MIDDLEWARE", [where, describe(item)]);
  }
  return item as Middleware;
}
