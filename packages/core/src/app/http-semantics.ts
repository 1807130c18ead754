import { rememberServers } from "../http/client-address.js";
import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { parseIdempotency } from "../idempotency/idempotency-options.js";
import type { IdempotencyContext } from "../idempotency/idempotent-route.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { AppSettings } from "./app-settings.js";

/** What `@Idempotent` and the route features need from the app, made once by `createApp`. */
export interface HttpSemantics {
  /** For each route's compile context. */
  readonly context: { readonly idempotency: IdempotencyContext };
  /** What `app.close()` closes: the stores and the features. */
  readonly stores: readonly { close?(): void | Promise<void> }[];
  /** The way in, remembering each request's server when a route reads client addresses. */
  serve(router: { routes: RouteMap; fetch: ServeHandler }): {
    routes: RouteMap;
    fetch: ServeHandler;
  };
}

/** Reads `idempotency` (its runtime part) for `createApp`. */
export function httpSemantics(
  options: { readonly idempotency?: unknown },
  settings: AppSettings,
  routes: readonly { readonly operation: Operation }[],
  respondError: ErrorResponder,
): HttpSemantics {
  const { logger } = settings;
  const requestIdHeader = settings.pipeline.requestId?.header;
  const idempotency = parseIdempotency(options.idempotency);
  // Only then does any request pay for remembering its server.
  const byAddress = routes.some(({ operation }) =>
    operation.features?.some((use) => use.connection),
  );
  return {
    context: {
      idempotency: {
        settings: idempotency,
        respondError,
        logger,
        requestIdHeader: requestIdHeader?.toLowerCase(),
      },
    },
    stores: [idempotency.store, ...settings.features],
    serve: (router) => (byAddress ? rememberServers(router) : router),
  };
}
