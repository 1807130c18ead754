import { ServiceUnavailableException, TooManyRequestsException } from "@trellis/core";
import {
  type OutageLog,
  type RouteHandler,
  type StageContext,
  type StagePlace,
  withHeaders,
  withoutStack,
} from "@trellis/core/extend";
import { limitField, policyField, quotaExceededType } from "./rate-limit-fields.js";
import type { OutagePolicy } from "./rate-limit-policy.js";
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
  /** While the store cannot be reached: let requests through, or answer 503. */
  readonly outage: OutagePolicy;
}

/** The problem type of a request refused because the counters cannot be reached (fail-closed). */
export const storeUnavailableType =
  "https://github.com/trellis-framework/trellis/blob/main/docs/rate-limits.md#store-unavailable";

// Requests whose key cannot be found (no address, no header) share one budget.
const anonymous = "-";

/**
 * Wraps a route so that each request is counted first: over the limit, it is answered 429 with
 * `Retry-After`; otherwise it runs and its answer gets the `RateLimit` fields. A store that fails
 * (or passes its deadline) lets requests through by default ("fail-open": an outage of the counters
 * is not an outage of the API) or, "fail-closed", answers 503 with `Retry-After`; `outages` logs
 * each outage once on entry and once on exit, not once per request.
 */
export function rateLimitStage(
  plan: RateLimitPlan,
  next: RouteHandler,
  context: StageContext,
  store: RateLimitStore,
  outages: OutageLog,
): RouteHandler {
  const { name, limit, window, keyOf } = plan;
  const closed = plan.outage === "fail-closed";
  const windowMs = window * 1000;
  const policyHeader = policyField(name, limit, window);

  const decide = (
    count: number,
    resetMs: number,
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
  ) => {
    if (outages.affected > 0) outages.recovered();
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
  const failed = (
    error: unknown,
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
  ) => {
    outages.failed(error);
    return closed ? context.respond(unavailable(), request) : next(request, params, decoded);
  };

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
      return failed(error, request, params, decoded);
    }
    if (typeof (hit as PromiseLike<RateLimitHit>).then !== "function") {
      const { count, resetMs } = hit as RateLimitHit;
      return decide(count, resetMs, request, params, decoded);
    }
    return Promise.resolve(hit).then(
      (settled) => decide(settled.count, settled.resetMs, request, params, decoded),
      (error: unknown) => failed(error, request, params, decoded),
    );
  };
}

/** The 503 of a fail-closed route while its store cannot be reached. */
const unavailable = () =>
  withoutStack(
    () =>
      new ServiceUnavailableException(
        "The rate limit of this operation cannot be checked right now; retry later.",
        {
          type: storeUnavailableType,
          title: "Rate limit store unavailable",
          headers: { "retry-after": "1" },
        },
      ),
  );
