import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { RouteFeature, StageContext, StagePlace } from "./route-feature.js";

/** What compiling a route's feature stages needs from the app. */
export interface StageCompileContext {
  readonly features: ReadonlyMap<string, RouteFeature>;
  readonly stage: Omit<StageContext, "operation" | "where" | "respond">;
  readonly respond: (error: unknown, request: Request, operation: Operation) => Response;
}

/**
 * Wraps `handler` in the stages the operation's features have at `place`, the first listed
 * outermost. A route that uses no feature gets `handler` itself back: not one frame more.
 */
export function withFeatureStages(
  handler: RouteHandler,
  operation: Operation,
  place: StagePlace,
  context: StageCompileContext | undefined,
): RouteHandler {
  const uses = operation.features;
  if (uses === undefined || context === undefined) return handler;
  let wrapped = handler;
  for (let index = uses.length - 1; index >= 0; index--) {
    const use = uses[index] as (typeof uses)[number];
    const stage = context.features.get(use.feature)?.stage;
    if (stage === undefined || stage.place !== place) continue;
    wrapped = stage.compile(use.plan, wrapped, {
      ...context.stage,
      operation,
      where: `${operation.controller.name}.${operation.handlerName}`,
      respond: (error, request) => context.respond(error, request, operation),
    });
  }
  return wrapped;
}
