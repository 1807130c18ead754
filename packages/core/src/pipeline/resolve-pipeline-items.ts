import type { Container } from "../di/container.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { ExecutionContext } from "./execution-context.js";
import type { CallHandler } from "./interceptor.js";
import type { Middleware } from "./middleware.js";

/** A guard made callable: whatever it answers, sync or not. */
export type GuardCheck = (context: ExecutionContext) => unknown;

/** An interceptor made callable. */
export type InterceptorCall = (context: ExecutionContext, next: CallHandler) => unknown;

// Native class syntax: calling such a function throws, so it must not pass as a guard function.
const isClassSyntax = (value: Function): boolean =>
  /^class[\s{]/.test(Function.prototype.toString.call(value));

const describe = (value: unknown): string =>
  typeof value === "function"
    ? `class or function ${value.name || "(anonymous)"}`
    : value === null
      ? "null"
      : typeof value;

/**
 * Turns the guards and interceptors an app names (classes, instances, functions) into calls,
 * once per item: a class is constructed once through the container, whoever uses it.
 */
export class PipelineItems {
  private readonly guards = new Map<unknown, GuardCheck>();
  private readonly interceptors = new Map<unknown, InterceptorCall>();

  constructor(private readonly container: Container) {}

  /** The call of one guard; `where` names who declared it, for the startup error. */
  guard(item: unknown, where: string): GuardCheck {
    let check = this.guards.get(item);
    if (check === undefined) {
      check = this.method(item, "canActivate", where, "INVALID_GUARD", "guard") as GuardCheck;
      this.guards.set(item, check);
    }
    return check;
  }

  /** The call of one interceptor. */
  interceptor(item: unknown, where: string): InterceptorCall {
    let call = this.interceptors.get(item);
    if (call === undefined) {
      call = this.method(
        item,
        "intercept",
        where,
        "INVALID_INTERCEPTOR",
        "interceptor",
      ) as InterceptorCall;
      this.interceptors.set(item, call);
    }
    return call;
  }

  /** Checks one middleware (only functions are middleware). */
  middleware(item: unknown, where: string): Middleware {
    if (typeof item !== "function" || isClassSyntax(item)) {
      throw new TrellisConfigError(
        "INVALID_MIDDLEWARE",
        `${where}: middleware must be a function (request, next) => Response, got ${describe(item)}.`,
      );
    }
    return item as Middleware;
  }

  private method(
    item: unknown,
    name: "canActivate" | "intercept",
    where: string,
    code: "INVALID_GUARD" | "INVALID_INTERCEPTOR",
    kind: string,
  ): (...args: never[]) => unknown {
    if (typeof item === "function") {
      if (typeof (item.prototype as Record<string, unknown> | undefined)?.[name] === "function") {
        const instance = this.container.instance(item) as Record<string, Function>;
        return (...args: unknown[]) => (instance[name] as Function).apply(instance, args);
      }
      if (!isClassSyntax(item)) return item as (...args: never[]) => unknown;
      throw new TrellisConfigError(
        code,
        `${where}: ${kind} class ${item.name} has no ${name}() method.`,
      );
    }
    if (item !== null && typeof item === "object") {
      const method = (item as Record<string, unknown>)[name];
      if (typeof method === "function") {
        return (...args: unknown[]) => method.apply(item, args);
      }
    }
    throw new TrellisConfigError(
      code,
      `${where}: a ${kind} must be a function, a class with ${name}() or an instance of one, got ${describe(item)}.`,
    );
  }
}
