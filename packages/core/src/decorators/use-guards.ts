import type { Guard } from "../pipeline/guard.js";
import { pipelineItems } from "./record-pipeline-items.js";

/**
 * Runs guards before the handler (and before the body is read): classes with `canActivate(context)`,
 * constructed once through dependency injection, or functions. `true` allows, `false` is 403, a
 * `Response` is sent as is, a thrown `HttpException` is its problem. On a class they guard every
 * route; order: global guards, then class, then method.
 *
 * @example
 * @Delete("/:id")
 * @UseGuards(AdminGuard, (context) => context.request.headers.has("x-confirm"))
 * remove(@Param("id") id: string) {}
 */
export function UseGuards(...guards: Guard[]): ClassDecorator & MethodDecorator {
  return pipelineItems("@UseGuards", "guards", guards);
}
