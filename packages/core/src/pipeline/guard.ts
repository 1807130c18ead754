import type { ExecutionContext } from "./execution-context.js";

/** What a guard answers: `true` allows, `false` refuses (403; 401 for a security guard), a `Response` is sent as is. */
export type GuardResult = boolean | Response;

/** A guard class's instance: `canActivate` decides whether the request may reach the handler. */
export interface CanActivate {
  canActivate(context: ExecutionContext): GuardResult | Promise<GuardResult>;
}

/** A guard written as a function. */
export type GuardFunction = (context: ExecutionContext) => GuardResult | Promise<GuardResult>;

/**
 * A guard: a function, a class with `canActivate(context)` (constructed once through dependency
 * injection) or an instance of one. It may also throw an `HttpException`.
 */
export type Guard = GuardFunction | CanActivate | (abstract new (...args: never[]) => CanActivate);
