import type { DocsPlugin } from "../docs/docs-plugin.js";
import { resolveDocsPlugin } from "../docs/resolve-docs-plugin.js";
import { createErrorResponder, type ErrorResponder } from "../errors/error-responder.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { generateDocument } from "../openapi/generate-document.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { serializeDocument } from "../openapi/serialize-document.js";
import { writeDocumentFile } from "../openapi/write-document-file.js";
import { joinRoutePath } from "../operation/route-path.js";
import {
  buildRouter,
  type RouteMap,
  type RouterEntry,
  type ServeHandler,
} from "../router/build-router.js";
import { compileRoute, type RouteHandler } from "../router/compile-route.js";
import type { AppOptions } from "./app-options.js";
import { checkAppOptions } from "./check-options.js";
import { instantiateController } from "./instantiate-controller.js";
import { consoleLogger } from "./logger.js";
import { readOperations } from "./read-operations.js";

/** What `createApp` returns: hand `routes` and `fetch` to `Bun.serve`. */
export interface App {
  /** A `Bun.serve` route map (`{ "/users/:id": { GET: handler, ... } }`). */
  readonly routes: RouteMap;
  /** A complete request handler: serves every route alone, or answers what `routes` does not. */
  readonly fetch: ServeHandler;
  /** The generated OpenAPI document. */
  readonly document: OpenApiDocument;
}

// Docs handlers are plugin code: wrap them so nothing they throw reaches the server.
function guardDocsHandler(
  handler: (request: Request) => Response | Promise<Response>,
  respondError: ErrorResponder,
): RouteHandler {
  return (request) => {
    try {
      const response = handler(request);
      return response instanceof Response
        ? response
        : Promise.resolve(response).catch((error) => respondError(error, request));
    } catch (error) {
      return respondError(error, request);
    }
  };
}

function docsEntries(
  plugin: DocsPlugin,
  document: OpenApiDocument,
  appShapes: ReadonlySet<string>,
  respondError: ErrorResponder,
): RouterEntry[] {
  const json = serializeDocument(document, "json");
  const yaml = serializeDocument(document, "yaml");
  const entries: RouterEntry[] = [];
  for (const [path, handler] of Object.entries(plugin.routes({ document, json, yaml }))) {
    const route = joinRoutePath(undefined, path, `docs plugin "${plugin.name}"`);
    if (appShapes.has(route.shape)) {
      throw new TrellisConfigError(
        "DOCS_ROUTE_CONFLICT",
        `docs plugin "${plugin.name}" serves ${route.path}, which an application route already uses; move the docs (docs.swagger.path) or the route.`,
      );
    }
    entries.push({
      method: "GET",
      path: route.path,
      handler: guardDocsHandler(handler, respondError),
    });
  }
  return entries;
}

/**
 * Builds an app from controllers, once, at startup: reads the decorator metadata, checks it
 * (throwing `TrellisConfigError` with a stable code), compiles every route, generates the OpenAPI
 * document and mounts the docs. Route paths are strict about slashes, like Bun's route map:
 * `/users/` and `//users` do not match `/users`.
 *
 * @example
 * const app = createApp({
 *   schema: classValidator(),
 *   controllers: [UserController],
 *   docs: { swagger: true },
 *   openapi: { service: { name: "users", version: "1.0.0" } },
 * });
 * Bun.serve({ port: 3000, routes: app.routes, fetch: app.fetch });
 */
export function createApp(options: AppOptions): App {
  const { operations, registry, compiler } = readOperations(options, "createApp");
  checkAppOptions(options);
  const respondError = createErrorResponder(
    options.logger ?? consoleLogger,
    options.errorFormatter,
  );

  const instances = new Map<unknown, object>();
  const entries: RouterEntry[] = operations.map((operation) => {
    let instance = instances.get(operation.controller);
    if (!instance) {
      instance = instantiateController(operation.controller);
      instances.set(operation.controller, instance);
    }
    return {
      method: operation.method,
      path: operation.path,
      handler: compileRoute(operation, { instance, respondError, registry, compiler }),
    };
  });

  const document = generateDocument({ operations, registry, options: options.openapi });
  if (options.openapi?.file !== undefined) writeDocumentFile(document, options.openapi.file);

  const plugin = resolveDocsPlugin(options.docs);
  if (plugin) {
    const shapes = new Set(
      operations.map((operation) => joinRoutePath(undefined, operation.path, "").shape),
    );
    entries.push(...docsEntries(plugin, document, shapes, respondError));
  }

  const { routes, fetch } = buildRouter(entries, respondError);
  return { routes, fetch, document };
}
