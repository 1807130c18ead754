import type { Container } from "../di/container.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { type MountedPlugins, mountPlugins } from "../plugin/mount-plugins.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { AppSettings } from "./app-settings.js";

/**
 * Mounts `createApp({ plugins })` (health checks...): their routes, documented operations and
 * hooks. `taken` (the app's route shapes) gains theirs; `container` and `document` are read only
 * once the plugins have mounted.
 */
export function appPlugins(
  settings: AppSettings,
  app: {
    readonly operations: readonly Operation[];
    readonly taken: Set<string>;
    readonly pubsub: PubSub;
    readonly respondError: ErrorResponder;
  },
  container: () => Container,
  document: () => OpenApiDocument,
): MountedPlugins {
  const { observability } = settings;
  return mountPlugins(settings.plugins, {
    ...app,
    logger: settings.logger,
    document,
    status: () => container().state.status,
    resolve: (token, consumer) => container().resolve(token, consumer),
    ...(observability ? { observe: (operation) => observability.route(operation) } : {}),
  });
}
