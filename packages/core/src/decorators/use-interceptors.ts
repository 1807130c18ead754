import type { InterceptorItem } from "../pipeline/interceptor.js";
import { pipelineItems } from "./record-pipeline-items.js";

/**
 * Wraps the handler in interceptors: `intercept(context, next)` (a class, constructed once through
 * dependency injection, an instance, or a function) where `await next()` runs the rest and gives
 * the handler's value. Order: global, then class, then method, outermost first.
 *
 * @example
 * @Get()
 * @UseInterceptors(TimingInterceptor)
 * list() {}
 */
export function UseInterceptors(
  ...interceptors: InterceptorItem[]
): ClassDecorator & MethodDecorator {
  return pipelineItems("@UseInterceptors", "interceptors", interceptors);
}
