import { Container } from "../di/container.js";
import type { DocsPlugin, DocsPluginContext } from "../docs/docs-plugin.js";
import { resolveDocsPlugin } from "../docs/resolve-docs-plugin.js";
import { createErrorResponder, type ErrorResponder } from "../pipeline/error-responder.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { generateDocument } from "../openapi/generate-document.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { serializeDocument } from "../openapi/serialize-document.js";
import { writeDocumentFile } from "../openapi/write-document-file.js";
import { PipelineItems } from "../pipeline/resolve-pipeline-items.js";
import { PipelineBuilder } from "../pipeline/route-pipeline.js";
import type { RouteHandler, RouteMap, ServeHandler } from "../http/route-handler.js";
import { buildRouter, type RouterEntry } from "../router/build-router.js";
import { compileRoute } from "../route/compile-route.js";
import type { AppOptions } from "./app-options.js";
import { checkAppOptions } from "./check-options.js";
import { consoleLogger } from "../errors/logger.js";
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

/**
 * The context handed to a docs plugin. YAML is made on first read only, and where the runtime has
 * no YAML serializer (`Bun.YAML`) it is the JSON text, which is valid YAML 1.2: an app on another
 * runtime starts even when its docs plugin prepares a YAML route.
 */
function docsContext(document: OpenApiDocument): DocsPluginContext {
  const json = serializeDocument(document, "json");
  let yaml: string | undefined;
  return {
    document,
    json,
    get yaml() {
      if (yaml === undefined) {
        try {
          yaml = serializeDocument(document, "yaml");
        } catch (error) {
          if (!(error instanceof TrellisConfigError && error.code === "YAML_UNAVAILABLE")) {
            throw error;
          }
          yaml = json;
        }
      }
      return yaml;
    },
  };
}

// A route's path with its parameter names blanked: "/users/:id" and "/users/:userId" collide.
const shapeOf = (path: string) => path.replace(/\/:[^/]+/g, "/:");

// Problems in docs options (a bad docs.swagger, swaggerUi() option checks) as config errors.
function docsOptionsError(error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TrellisConfigError("INVALID_DOCS_OPTIONS", message, { cause: error });
}

function docsEntries(
  plugin: DocsPlugin,
  document: OpenApiDocument,
  appShapes: ReadonlySet<string>,
  respondError: ErrorResponder,
): RouterEntry[] {
  let routes: ReturnType<DocsPlugin["routes"]>;
  try {
    routes = plugin.routes(docsContext(document));
  } catch (error) {
    throw docsOptionsError(error);
  }
  const entries: RouterEntry[] = [];
  // Mounted exactly as the plugin gives them: "/docs/" must stay apart from "/docs".
  for (const [path, handler] of Object.entries(routes)) {
    if (!path.startsWith("/") || /[?#\s]/.test(path) || typeof handler !== "function") {
      throw new TrellisConfigError(
        "INVALID_DOCS_OPTIONS",
        `docs plugin "${plugin.name}" returned an invalid route ${JSON.stringify(path)}: routes must be absolute paths mapped to handlers.`,
      );
    }
    if (appShapes.has(shapeOf(path))) {
      throw new TrellisConfigError(
        "DOCS_ROUTE_CONFLICT",
        `docs plugin "${plugin.name}" serves ${path}, which an application route already uses; move the docs (docs.swagger.path) or the route.`,
      );
    }
    entries.push({ method: "GET", path, handler: guardDocsHandler(handler, respondError) });
  }
  return entries;
}

/**
 * Builds an app from controllers, once, at startup: reads the decorator metadata, checks it
 * (throwing `TrellisConfigError` with a stable code), creates the providers, compiles every route
 * with only the pipeline stages it has, generates the OpenAPI document and mounts the docs. Route
 * paths are strict about slashes, like Bun's route map: `/users/` and `//users` do not match
 * `/users`.
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
  const logger = options.logger ?? consoleLogger;
  const respondError = createErrorResponder(logger, options.errorFormatter);

  // The document first: an undeclared security scheme is reported before an unguarded one.
  const document = generateDocument({ operations, registry, options: options.openapi });

  const container = new Container(options.providers);
  container.instantiateAll();
  const pipelines = new PipelineBuilder(
    options,
    new PipelineItems(container),
    compiler,
    logger,
    respondError,
  );
  const entries: RouterEntry[] = operations.map((operation) => ({
    method: operation.method,
    path: operation.path,
    handler: compileRoute(operation, {
      // Constructed once through the container; each request runs on an object inheriting from it.
      instance: container.instance(operation.controller),
      respondError,
      registry,
      compiler,
      pipeline: pipelines.forOperation(operation),
    }),
  }));

  if (options.openapi?.file !== undefined) writeDocumentFile(document, options.openapi.file);

  let plugin: DocsPlugin | undefined;
  try {
    plugin = resolveDocsPlugin(options.docs);
  } catch (error) {
    throw docsOptionsError(error);
  }
  if (plugin) {
    const shapes = new Set(operations.map((operation) => shapeOf(operation.path)));
    entries.push(...docsEntries(plugin, document, shapes, respondError));
  }

  const { routes, fetch } = buildRouter(entries, respondError, {
    middleware: pipelines.globalMiddleware,
    requestContext: pipelines.usesRequestContext,
  });
  return { routes, fetch, document };
}
