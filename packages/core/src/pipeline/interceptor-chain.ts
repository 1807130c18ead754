import type { ExecutionContext } from "./execution-context.js";
import type { InterceptorCall } from "./resolve-pipeline-items.js";

/** Interceptors composed once: runs them around `handler` for one request. */
export type InterceptorChain = (
  context: ExecutionContext,
  handler: () => unknown,
) => Promise<unknown>;

/**
 * Composes interceptors, outermost first. `next()` runs the inner ones and then the handler, once:
 * calling it again gives the same promise, so no interceptor can run a handler twice by mistake.
 */
export function composeInterceptors(interceptors: readonly InterceptorCall[]): InterceptorChain {
  const count = interceptors.length;
  return (context, handler) => {
    const step = (index: number): Promise<unknown> => {
      try {
        if (index === count) return Promise.resolve(handler());
        let pending: Promise<unknown> | undefined;
        const next = () => {
          pending ??= step(index + 1);
          return pending;
        };
        return Promise.resolve((interceptors[index] as InterceptorCall)(context, next));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return step(0);
  };
}
