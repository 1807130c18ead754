import { type BuiltOperation, buildOperationsWith } from "../operation/build-operations.js";
import { type RouteConfig, readRouteConfig } from "../pipeline/route-config.js";
import { SchemaCompiler } from "../schema/schema-compiler.js";
import { SchemaRegistry } from "../schema/schema-registry.js";
import type { DocumentSettings } from "./app-settings.js";

/** The routes of an app (operation and pipeline config) and the schema state they were built with. */
export interface ReadOperations {
  readonly routes: readonly BuiltOperation<RouteConfig>[];
  readonly registry: SchemaRegistry;
  readonly compiler: SchemaCompiler;
}

/** Step 1 of `createApp` and `buildDocument`: the controllers' metadata read, once, and checked. */
export function readOperations(settings: DocumentSettings): ReadOperations {
  const registry = new SchemaRegistry();
  const compiler = new SchemaCompiler(settings.adapter);
  const routes = buildOperationsWith(
    settings.controllers,
    {
      adapter: settings.adapter,
      registry,
      compiler,
      defaultBodyLimit: settings.bodyLimit,
      ...(settings.timeout === undefined ? {} : { defaultTimeout: settings.timeout }),
      globalGuards: settings.globalGuards,
      defaultSecurity: settings.defaultSecurity,
      controllerTags: settings.openapi?.controllerTags !== false,
    },
    readRouteConfig,
  );
  return { routes, registry, compiler };
}
