import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { parseIdempotency } from "../idempotency/idempotency-options.js";
import type { IdempotencyContext } from "../idempotency/idempotent-route.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { rememberServers } from "../rate-limit/client-address.js";
import { parseRateLimitRuntime } from "../rate-limit/rate-limit-options.js";
import { RateLimits } from "../rate-limit/rate-limiter.js";
import type { AppSettings } from "./app-settings.js";

/** What `@RateLimit` and `@Idempotent` need from the app, made once by `createApp`. */
export interface HttpSemantics {
  /** For each route's compile context. */
  readonly context: { readonly rateLimits: RateLimits; readonly idempotency: IdempotencyContext };
  /** The stores, closed by `app.close()`. */
  readonly stores: readonly { close?(): void | Promise<void> }[];
  /** The way in, remembering each request's server when a route counts by client address. */
  serve(router: { routes: RouteMap; fetch: ServeHandler }): {
    routes: RouteMap;
    fetch: ServeHandler;
  };
}

/** Reads `rateLimit` and `idempotency` (their runtime parts) for `createApp`. */
export function httpSemantics(
  options: { readonly rateLimit?: unknown; readonly idempotency?: unknown },
  settings: AppSettings,
  routes: readonly { readonly operation: Operation }[],
  respondError: ErrorResponder,
): HttpSemantics {
  const { logger } = settings;
  const requestIdHeader = settings.pipeline.requestId?.header;
  const rateLimit = parseRateLimitRuntime(options.rateLimit);
  const idempotency = parseIdempotency(options.idempotency);
  // Only then does any request pay for remembering its server.
  const byAddress = routes.some(({ operation }) => operation.rateLimit?.key === "ip");
  return {
    context: {
      rateLimits: new RateLimits(rateLimit, logger),
      idempotency: {
        settings: idempotency,
        respondError,
        logger,
        requestIdHeader: requestIdHeader?.toLowerCase(),
      },
    },
    stores: [rateLimit.store, idempotency.store],
    serve: (router) => (byAddress ? rememberServers(router) : router),
  };
}
