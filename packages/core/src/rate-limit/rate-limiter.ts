import { TooManyRequestsException } from "../errors/http-exceptions.js";
import type { Logger } from "../errors/logger.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { withoutStack } from "../errors/without-stack.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { RateLimitPolicy } from "../operation/rate-limit-policy.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { withHeaders } from "../pipeline/response-headers.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { clientAddressOf } from "./client-address.js";
import { limitField, policyField, quotaExceededType } from "./rate-limit-fields.js";
import type { RateLimitRuntimeSettings } from "./rate-limit-options.js";
import type { RateLimitHit } from "./rate-limit-store.js";

// Requests whose key cannot be found (no address, no header) share one budget.
const anonymous = "-";

/** The app's rate limiting: one store and one way to find client addresses, for every route. */
export class RateLimits {
  private readonly addressOf: (request: Request) => string | undefined;
  private readonly policies = new Map<string, string>();
  /** True once a route counts by client address: the router must then remember servers. */
  usesAddress = false;

  constructor(
    private readonly settings: RateLimitRuntimeSettings,
    private readonly logger: Logger,
  ) {
    this.addressOf = clientAddressOf(settings.clientAddress);
  }

  /** How one route's requests are keyed. */
  private keyOf(policy: RateLimitPolicy): (request: Request) => string | undefined {
    const { key } = policy;
    if (key === "ip") {
      this.usesAddress = true;
      return this.addressOf;
    }
    if (typeof key === "function") return key;
    const header = key.header;
    return (request) => request.headers.get(header) ?? undefined;
  }

  /**
   * Wraps a route so that each request is counted first: over the limit, it is answered 429 with
   * `Retry-After`; otherwise it runs and its answer gets the `RateLimit` fields. A store that fails
   * lets requests through (logged): an outage of the counters is not an outage of the API.
   */
  wrap(
    handler: RouteHandler,
    operation: Operation,
    policy: RateLimitPolicy,
    respondError: ErrorResponder,
  ): RouteHandler {
    const name = policy.name ?? operation.docs.operationId;
    const { limit, window } = policy;
    const shape = `${limit}/${window}`;
    const seen = this.policies.get(name);
    if (seen !== undefined && seen !== shape) {
      throw new TrellisConfigError(
        "INVALID_RATE_LIMIT",
        `${operation.controller.name}.${operation.handlerName}: the rate limit policy "${name}" is ${shape.replace("/", " per ")} s here but ${seen.replace("/", " per ")} s on another route; routes that share a name share one budget and must agree.`,
      );
    }
    this.policies.set(name, shape);
    const keyOf = this.keyOf(policy);
    const { store } = this.settings;
    const windowMs = window * 1000;
    const policyHeader = policyField(name, limit, window);
    const where = `${operation.controller.name}.${operation.handlerName}`;

    const decide = (
      hit: RateLimitHit,
      request: Request,
      params: readonly string[] | undefined,
      decoded: boolean | undefined,
    ) => {
      const reset = Math.max(1, Math.ceil(hit.resetMs / 1000));
      const fields = limitField(name, Math.max(0, limit - hit.count), reset);
      if (hit.count > limit) {
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
        return respondError(refusal, request, operation);
      }
      const stamp = (answer: Response) =>
        answer instanceof Response
          ? withHeaders(answer, (headers) => {
              headers.set("ratelimit-policy", policyHeader);
              headers.set("ratelimit", fields);
            })
          : answer;
      const answer = handler(request, params, decoded);
      return answer instanceof Promise ? answer.then(stamp) : stamp(answer);
    };
    const failed = (error: unknown) =>
      this.logger.error(
        `${where}: the rate limit store failed; the request was let through.`,
        error,
      );

    return (request, params, decoded) => {
      let counter: string;
      try {
        counter = `${name}\n${keyOf(request) ?? anonymous}`;
      } catch (error) {
        return respondError(error, request, operation);
      }
      let hit: RateLimitHit | PromiseLike<RateLimitHit>;
      try {
        hit = store.hit(counter, windowMs);
      } catch (error) {
        failed(error);
        return handler(request, params, decoded);
      }
      if (!isThenable(hit)) return decide(hit, request, params, decoded);
      return Promise.resolve(hit).then(
        (settled) => decide(settled, request, params, decoded),
        (error: unknown) => {
          failed(error);
          return handler(request, params, decoded);
        },
      );
    };
  }
}
