import {
  type RouteHandler,
  type StageContext,
  type StagePlace,
  TooManyRequestsException,
  withHeaders,
  withoutStack,
} from "@trellis/core";
import { limitField, policyField, quotaExceededType } from "./rate-limit-fields.js";
import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

/** One route's rate limit, as planned at startup. */
export interface RateLimitPlan {
  /** The policy's name: its own, else the route's operationId. */
  readonly name: string;
  readonly limit: number;
  /** Seconds. */
  readonly window: number;
  /** The key of a request's budget; undefined: the shared anonymous budget. */
  readonly keyOf: (request: Request) => string | undefined;
  /** Where the stage runs: after guards when counted by the principal, else before them. */
  readonly place: StagePlace;
}

// Requests whose key cannot be found (no address, no header) share one budget.
const anonymous = "-";

/**
 * Wraps a route so that each request is counted first: over the limit, it is answered 429 with
 * `Retry-After`; otherwise it runs and its answer gets the `RateLimit` fields. A store that fails
 * lets requests through (logged): an outage of the counters is not an outage of the API.
 */
export function rateLimitStage(
  plan: RateLimitPlan,
  next: RouteHandler,
  context: StageContext,
  store: RateLimitStore,
): RouteHandler {
  const { name, limit, window, keyOf } = plan;
  const windowMs = window * 1000;
  const policyHeader = policyField(name, limit, window);

  const decide = (
    count: number,
    resetMs: number,
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
  ) => {
    const reset = Math.max(1, Math.ceil(resetMs / 1000));
    const fields = limitField(name, Math.max(0, limit - count), reset);
    if (count > limit) {
      const refusal = withoutStack(
        () =>
          new TooManyRequestsException(
            `The rate limit of this operation (${limit} requests per ${window} s) is used up; retry after ${reset} s.`,
            {
              type: quotaExceededType,
              title: "Quota exceeded",
              extensions: { "violated-policies": [name] },
              headers: {
                "retry-after": String(reset),
                ratelimit: fields,
                "ratelimit-policy": policyHeader,
              },
            },
          ),
      );
      return context.respond(refusal, request);
    }
    const stamp = (answer: Response) =>
      answer instanceof Response
        ? withHeaders(answer, (headers) => {
            headers.set("ratelimit-policy", policyHeader);
            headers.set("ratelimit", fields);
          })
        : answer;
    const answer = next(request, params, decoded);
    return answer instanceof Promise ? answer.then(stamp) : stamp(answer);
  };
  const failed = (error: unknown) =>
    context.logger.error(
      `${context.where}: the rate limit store failed; the request was let through.`,
      error,
    );

  return (request, params, decoded) => {
    let counter: string;
    try {
      counter = `${name}\n${keyOf(request) ?? anonymous}`;
    } catch (error) {
      return context.respond(error, request);
    }
    let hit: ReturnType<RateLimitStore["hit"]>;
    try {
      hit = store.hit(counter, windowMs);
    } catch (error) {
      failed(error);
      return next(request, params, decoded);
    }
    if (typeof (hit as PromiseLike<RateLimitHit>).then !== "function") {
      const { count, resetMs } = hit as RateLimitHit;
      return decide(count, resetMs, request, params, decoded);
    }
    return Promise.resolve(hit).then(
      (settled) => decide(settled.count, settled.resetMs, request, params, decoded),
      (error: unknown) => {
        failed(error);
        return next(request, params, decoded);
      },
    );
  };
}
