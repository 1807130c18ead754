import {
  featureKey,
  type PreconditionCheck,
  preconditionsSlot,
  type RouteFeature,
} from "@trellis/core/extend";
import { conditionalAnswer } from "./conditional-answer.js";
import { conditionalDocument, conditionalTool, isRead } from "./conditional-document.js";
import { conditionalError } from "./conditional-errors.js";
import {
  appConditional,
  type ConditionalAppOptions,
  type ConditionalOptions,
  type ConditionalPlan,
  checkConditional,
} from "./conditional-policy.js";
import { preconditionCheck, requiringIfMatch } from "./precondition-check.js";

/** Where `@Conditional` records its options; core reads them for `conditionalRequests()`. */
export const conditionalKey = featureKey<ConditionalOptions>("@Conditional", () =>
  conditionalRequests(),
);

/** The handler's `this`, as the feature writes it: the check `this.checkPreconditions` runs. */
type PreconditionsState = { [preconditionsSlot]?: PreconditionCheck };

/**
 * The conditional-request feature for `createApp({ features })`: `etag` gives every GET route
 * without `@Conditional` computed `ETag`s (`"strong"` or `"weak"`). An app that uses `@Conditional`
 * without listing it gets `conditionalRequests()`: no app-wide default.
 *
 * @example
 * createApp({
 *   schema: typebox(),
 *   controllers: [UserController],
 *   features: [conditionalRequests({ etag: "weak" })],
 * });
 */
export function conditionalRequests(
  options?: ConditionalAppOptions,
): RouteFeature<ConditionalOptions, ConditionalPlan> {
  // The app-wide default is checked now: a mistake in it is the app's, not a route's.
  const fallback = appConditional(options, "conditionalRequests");
  return {
    name: "conditional",
    key: conditionalKey,
    ...(fallback === undefined ? {} : { appSetting: fallback }),
    plan({ value, from }, operation, { where }) {
      // OPTIONS describes the route; it has no representation to validate.
      if (operation.method === "OPTIONS") return undefined;
      if (operation.sse !== undefined) {
        // A class's @Conditional passes over its event streams; the method's own is a mistake.
        if (from === "method") {
          checkConditional(value, where);
          throw conditionalError("INVALID_CONDITIONAL", [
            where,
            "@Conditional cannot be on an event stream (@Sse): it never ends, so it has no ETag.",
          ]);
        }
        return undefined;
      }
      // The app's default covers plain GET routes only.
      if (from === "app" && operation.method !== "GET") return undefined;
      const plan = checkConditional(value, where);
      // If-Match is required only of requests that change something.
      return isRead(operation.method) && plan.requireIfMatch
        ? { ...plan, requireIfMatch: false }
        : plan;
    },
    stage: {
      // After guards, before the body is read: 428 costs an allowed client nothing more.
      place: "after-guards",
      compile: (plan, next, context) =>
        plan.requireIfMatch ? requiringIfMatch(next, context.respond) : next,
    },
    handler: {
      compile: (plan, next, context) => ({
        // What `this.checkPreconditions` evaluates, for this request.
        enter: (request, state) => {
          (state as PreconditionsState)[preconditionsSlot] = preconditionCheck(request);
        },
        // A GET's 200 gets its ETag and may become a 304 (or a 412).
        ...(isRead(context.operation.method)
          ? { answer: conditionalAnswer(next, plan, context.respond) }
          : {}),
      }),
    },
    document: (plan, operation) => conditionalDocument(plan, operation.method),
    tool: (plan, operation) => conditionalTool(plan, operation.method),
  };
}
