import type { Logger } from "../errors/logger.js";
import type { Deployment } from "../feature/route-feature.js";
import { type BuiltOperation, buildOperationsWith } from "../operation/build-operations.js";
import { type RouteConfig, readRouteConfig } from "../pipeline/route-config.js";
import type { PubSub } from "../pubsub/pubsub.js";
import { SchemaCompiler } from "../schema/schema-compiler.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import {
  type BuiltSocketRoute,
  buildSocketRoutes,
  isSocketClass,
} from "../websocket/build-socket-routes.js";
import { checkSocketPaths } from "../websocket/check-socket-paths.js";
import type { DocumentSettings } from "./app-settings.js";

/** The routes of an app (operation and pipeline config) and the schema state they were built with. */
export interface ReadOperations {
  readonly routes: readonly BuiltOperation<RouteConfig>[];
  /** The `@WebSocketRoute` classes, read the same way. */
  readonly sockets: readonly BuiltSocketRoute<RouteConfig>[];
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}

/** Where an app runs, for its features' planning: its pub/sub engine and NODE_ENV. */
export function deploymentOf(pubsub: PubSub, logger: Logger): Deployment {
  return {
    pubsub: pubsub.status().engine,
    production: process.env.NODE_ENV === "production",
    logger,
  };
}

/** Step 1 of `createApp` and `buildDocument`: the controllers' metadata read, once, and checked. */
export function readOperations(
  settings: DocumentSettings,
  deployment?: Deployment,
): ReadOperations {
  // OpenAPI 3.0 (the default) is told to adapters as its own dialect; 3.1 and later use 2020-12.
  const version = settings.openapi?.version ?? "3.0";
  const registry = new SchemaRegistry(version === "3.0" ? "openapi-3.0" : "draft-2020-12");
  const compiler = new SchemaCompiler(settings.adapter, registry);
  const controllers = settings.controllers.filter((controller) => !isSocketClass(controller));
  const routes = buildOperationsWith(
    controllers,
    {
      adapter: settings.adapter,
      registry,
      compiler,
      defaultBodyLimit: settings.bodyLimit,
      ...(settings.timeout === undefined ? {} : { defaultTimeout: settings.timeout }),
      globalGuards: settings.globalGuards,
      defaultSecurity: settings.defaultSecurity,
      controllerTags: settings.openapi?.controllerTags !== false,
      ...(settings.versioning ? { versioning: settings.versioning } : {}),
      features: settings.features,
      ...(deployment === undefined ? {} : { deployment }),
    },
    readRouteConfig,
  );
  const sockets = buildSocketRoutes(
    settings.controllers.filter(isSocketClass),
    { adapter: settings.adapter, registry, compiler, defaultMessageLimit: settings.bodyLimit },
    readRouteConfig,
  );
  checkSocketPaths(
    routes.map(({ operation }) => operation),
    sockets,
  );
  return { routes, sockets, registry, compiler };
}
