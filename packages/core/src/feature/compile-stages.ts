import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { AnswerHandler, RouteFeature, StageContext, StagePlace } from "./route-feature.js";

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
    if (stage === undefined) continue;
    const at = stage.placeOf === undefined ? stage.place : stage.placeOf(use.plan);
    if (at !== place) continue;
    wrapped = stage.compile(use.plan, wrapped, {
      ...context.stage,
      operation,
      where: `${operation.controller.name}.${operation.handlerName}`,
      respond: (error, request) => context.respond(error, request, operation),
    });
  }
  return wrapped;
}

/** A route's handler hooks, composed: `enter` undefined when no feature has one. */
export interface ComposedHandlerHooks {
  readonly enter: ((request: Request, state: object) => void) | undefined;
  readonly answer: AnswerHandler;
}

/**
 * Composes the `handler` stages of the operation's features around `answer` (core's serializer),
 * the first listed outermost, and their `enter` hooks in the listed order. A route that uses no
 * feature with one gets `answer` itself back and no `enter`: not one call more per request.
 */
export function withHandlerHooks(
  answer: AnswerHandler,
  operation: Operation,
  context: StageCompileContext | undefined,
): ComposedHandlerHooks {
  const uses = operation.features;
  if (uses === undefined || context === undefined) return { enter: undefined, answer };
  let wrapped = answer;
  const enters: ((request: Request, state: object) => void)[] = [];
  for (let index = uses.length - 1; index >= 0; index--) {
    const use = uses[index] as (typeof uses)[number];
    const stage = context.features.get(use.feature)?.handler;
    if (stage === undefined) continue;
    const hooks = stage.compile(use.plan, wrapped, {
      ...context.stage,
      operation,
      where: `${operation.controller.name}.${operation.handlerName}`,
      respond: (error, request) => context.respond(error, request, operation),
    });
    if (hooks.answer !== undefined) wrapped = hooks.answer;
    if (hooks.enter !== undefined) enters.unshift(hooks.enter);
  }
  const [first, ...rest] = enters;
  const enter =
    first === undefined || rest.length === 0
      ? first
      : (request: Request, state: object) => {
          for (const hook of enters) hook(request, state);
        };
  return { enter, answer: wrapped };
}
