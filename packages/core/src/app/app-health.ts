import type { Container } from "../di/container.js";
import { healthRoutes } from "../health/health-routes.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { RouterEntry } from "../router/build-router.js";
import type { AppSettings } from "./app-settings.js";

/**
 * The health endpoints of `createApp({ health })`: their documented operations and their router
 * entries; none without the option. `container` is read only when a request is answered.
 */
export function appHealth(
  settings: AppSettings,
  pubsub: PubSub,
  container: () => Container,
  respondError: ErrorResponder,
): { readonly operations: readonly Operation[]; readonly entries: readonly RouterEntry[] } {
  if (settings.health === undefined) return { operations: [], entries: [] };
  const { observability } = settings;
  return healthRoutes(settings.health, {
    get state() {
      return container().state;
    },
    pubsub,
    resolve: (token, consumer) => container().resolve(token, consumer),
    logger: settings.logger,
    respondError,
    ...(observability ? { observe: (operation) => observability.route(operation) } : {}),
  });
}
