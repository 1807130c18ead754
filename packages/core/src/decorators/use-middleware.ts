import type { Middleware } from "../pipeline/middleware.js";
import { pipelineItems } from "./record-pipeline-items.js";

/**
 * Wraps every answer of a route (its 400s, 401s and 500s too) in middleware:
 * `(request, next) => Response`. Order: global, then class, then method, outermost first.
 *
 * @example
 * @Get("/report")
 * @UseMiddleware(async (request, next) => {
 *   const response = await next();
 *   response.headers.set("cache-control", "no-store");
 *   return response;
 * })
 * report() {}
 */
export function UseMiddleware(...middleware: Middleware[]): ClassDecorator & MethodDecorator {
  return pipelineItems("@UseMiddleware", "middleware", middleware);
}
