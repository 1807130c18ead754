import type { Container } from "../di/container.js";
import type { ExecutionContext } from "./execution-context.js";
import type { Guard } from "./guard.js";
import type { CallHandler, InterceptorItem } from "./interceptor.js";

/** A guard made callable: whatever it answers, sync or not. */
export type GuardCheck = (context: ExecutionContext) => unknown;

/** An interceptor made callable. */
export type InterceptorCall = (context: ExecutionContext, next: CallHandler) => unknown;

/**
 * Turns checked guards and interceptors (classes, instances, functions) into calls, once per
 * item: a class is constructed once through the container, whoever uses it.
 */
export class PipelineItems {
  private readonly guards = new Map<unknown, GuardCheck>();
  private readonly interceptors = new Map<unknown, InterceptorCall>();

  constructor(private readonly container: Container) {}

  /** The call of one guard. */
  guard(item: Guard): GuardCheck {
    let check = this.guards.get(item);
    if (check === undefined) {
      check = this.call(item, "canActivate") as GuardCheck;
      this.guards.set(item, check);
    }
    return check;
  }

  /** The call of one interceptor. */
  interceptor(item: InterceptorItem): InterceptorCall {
    let call = this.interceptors.get(item);
    if (call === undefined) {
      call = this.call(item, "intercept") as InterceptorCall;
      this.interceptors.set(item, call);
    }
    return call;
  }

  // Items were checked when options and metadata were read: each is one of the three forms.
  private call(item: unknown, name: "canActivate" | "intercept"): (...args: never[]) => unknown {
    if (typeof item === "function") {
      if (typeof (item.prototype as Record<string, unknown> | undefined)?.[name] !== "function") {
        return item as (...args: never[]) => unknown;
      }
      const instance = this.container.instance(item) as Record<string, Function>;
      return (...args: unknown[]) => (instance[name] as Function).apply(instance, args);
    }
    const method = (item as Record<string, Function>)[name] as Function;
    return (...args: unknown[]) => method.apply(item, args);
  }
}
