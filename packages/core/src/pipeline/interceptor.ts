import type { ExecutionContext } from "./execution-context.js";

/** Runs the rest of the pipeline (inner interceptors, then the handler) once; gives its value. */
export type CallHandler = () => Promise<unknown>;

/**
 * An interceptor around the handler: `await next()` runs the rest and gives the handler's value.
 * Returning another value replaces it; returning a `Response` sends that; throwing is an error.
 */
export interface Interceptor {
  intercept(context: ExecutionContext, next: CallHandler): unknown;
}

/** An interceptor written as a function. */
export type InterceptorFunction = (context: ExecutionContext, next: CallHandler) => unknown;

/** What `@UseInterceptors` and the `interceptors` option take: a class, an instance or a function. */
export type InterceptorItem =
  | Interceptor
  | InterceptorFunction
  | (abstract new (
      ...args: never[]
    ) => Interceptor);
