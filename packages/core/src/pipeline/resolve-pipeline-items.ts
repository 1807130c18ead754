import type { ExecutionContext } from "./execution-context.js";
import type { Guard } from "./guard.js";
import type { CallHandler, InterceptorItem } from "./interceptor.js";

/** A guard made callable: whatever it answers, sync or not. */
export type GuardCheck = (context: ExecutionContext) => unknown;

/** An interceptor made callable. */
export type InterceptorCall = (context: ExecutionContext, next: CallHandler) => unknown;

/**
 * Makes the one instance of a guard or interceptor class; `owner` is the controller whose route
 * uses it (undefined for the app's global items), whose module decides what it may inject.
 */
export type ItemConstructor = (target: Function, owner: Function | undefined) => unknown;

/**
 * Turns checked guards and interceptors (classes, instances, functions) into calls, once per
 * item and controller: a class is constructed once per module through the container.
 */
export class PipelineItems {
  private readonly guards = new Map<unknown, Map<unknown, GuardCheck>>();
  private readonly interceptors = new Map<unknown, Map<unknown, InterceptorCall>>();

  constructor(private readonly construct: ItemConstructor) {}

  /** The call of one guard, as `owner`'s module sees it. */
  guard(item: Guard, owner?: Function): GuardCheck {
    return this.cached(this.guards, item, owner, "canActivate") as GuardCheck;
  }

  /** The call of one interceptor, as `owner`'s module sees it. */
  interceptor(item: InterceptorItem, owner?: Function): InterceptorCall {
    return this.cached(this.interceptors, item, owner, "intercept") as InterceptorCall;
  }

  private cached(
    cache: Map<unknown, Map<unknown, unknown>>,
    item: unknown,
    owner: Function | undefined,
    name: "canActivate" | "intercept",
  ): unknown {
    let calls = cache.get(owner);
    if (calls === undefined) {
      calls = new Map();
      cache.set(owner, calls);
    }
    let call = calls.get(item);
    if (call === undefined) {
      call = this.call(item, owner, name);
      calls.set(item, call);
    }
    return call;
  }

  // Items were checked when options and metadata were read: each is one of the three forms.
  private call(
    item: unknown,
    owner: Function | undefined,
    name: "canActivate" | "intercept",
  ): (...args: never[]) => unknown {
    if (typeof item === "function") {
      if (typeof (item.prototype as Record<string, unknown> | undefined)?.[name] !== "function") {
        return item as (...args: never[]) => unknown;
      }
      const instance = this.construct(item, owner) as Record<string, Function>;
      return (...args: unknown[]) => (instance[name] as Function).apply(instance, args);
    }
    const method = (item as Record<string, Function>)[name] as Function;
    return (...args: unknown[]) => method.apply(item, args);
  }
}
