import type { Container } from "../di/container.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { AppPluginContext } from "../plugin/app-plugin.js";
import { type MountedPlugins, mountPlugins } from "../plugin/mount-plugins.js";
import type { PubSub } from "../pubsub/pubsub.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import type { AppSettings } from "./app-settings.js";

/**
 * Mounts `createApp({ plugins })` (health checks, the MCP endpoint...): their routes, documented
 * operations and hooks. `taken` (the app's route shapes) gains theirs; `container`, `document` and
 * `dispatch` are used only once the plugins have mounted.
 */
export function appPlugins(
  settings: AppSettings,
  app: {
    readonly operations: readonly Operation[];
    readonly taken: Set<string>;
    readonly pubsub: PubSub;
    readonly respondError: ErrorResponder;
    readonly registry: SchemaRegistry;
    readonly dispatch: AppPluginContext["dispatch"];
  },
  container: () => Container,
  document: () => OpenApiDocument,
): MountedPlugins {
  const { observability } = settings;
  const { registry, ...rest } = app;
  return mountPlugins(settings.plugins, {
    ...rest,
    logger: settings.logger,
    document,
    status: () => container().state.status,
    resolve: (token, consumer) => container().resolve(token, consumer),
    schemas: {
      component: (name) => registry.get(name),
      resolve: (schema) => registry.resolve(schema),
      componentName: (ref) => SchemaRegistry.refName(ref),
    },
    security: settings.pipeline.security,
    service: settings.openapi?.service,
    limits: { body: settings.bodyLimit, timeout: settings.timeout },
    requestIdHeader: settings.pipeline.requestId?.header.toLowerCase(),
    ...(observability ? { observe: (operation) => observability.route(operation) } : {}),
  });
}
