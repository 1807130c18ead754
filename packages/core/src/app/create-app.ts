import { Container } from "../di/container.js";
import { mountDocs } from "../docs/mount-docs.js";
import type { RouteMap, ServeHandler } from "../http/route-handler.js";
import { generateDocument } from "../openapi/generate-document.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { writeDocumentFile } from "../openapi/write-document-file.js";
import { createErrorResponder } from "../pipeline/error-responder.js";
import { PipelineItems } from "../pipeline/resolve-pipeline-items.js";
import { PipelineBuilder } from "../pipeline/route-pipeline.js";
import { compileRoute } from "../route/compile-route.js";
import { buildRouter, type RouterEntry } from "../router/build-router.js";
import type { AppOptions } from "./app-options.js";
import { parseAppOptions } from "./app-settings.js";
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

/**
 * Builds an app from controllers, once, at startup: checks the options, reads the decorator
 * metadata (throwing `TrellisConfigError` with a stable code), creates the providers, compiles
 * every route with only the pipeline stages it has, generates the OpenAPI document and mounts the
 * docs. Route paths are strict about slashes, like Bun's route map: `/users/` and `//users` do
 * not match `/users`.
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
  const settings = parseAppOptions(options);
  const { routes: built, registry, compiler } = readOperations(settings);
  const operations = built.map(({ operation }) => operation);
  const respondError = createErrorResponder(settings.logger, settings.errorFormatter);

  // The document first: an undeclared security scheme is reported before an unguarded one.
  const document = generateDocument({ operations, registry, options: settings.openapi });

  const container = new Container(settings.providers);
  container.instantiateAll();
  const pipelines = new PipelineBuilder(
    settings.pipeline,
    new PipelineItems(container),
    compiler,
    settings.logger,
    respondError,
  );
  const entries: RouterEntry[] = built.map(({ operation, runtime }) => ({
    method: operation.method,
    path: operation.path,
    shape: operation.shape,
    handler: compileRoute(operation, {
      // Constructed once through the container; each request runs on an object inheriting from it.
      instance: container.instance(operation.controller),
      respondError,
      registry,
      compiler,
      pipeline: pipelines.forOperation(operation, runtime),
      bodyEncodings: settings.bodyEncodings,
    }),
  }));

  if (settings.openapi?.file !== undefined) writeDocumentFile(document, settings.openapi.file);

  if (settings.docs) {
    const shapes = new Set(operations.map((operation) => operation.shape));
    entries.push(...mountDocs(settings.docs, document, operations, shapes, respondError));
  }

  const { routes, fetch } = buildRouter(entries, respondError, {
    middleware: pipelines.globalMiddleware,
    requestContext: settings.pipeline.requestContext,
  });
  return { routes, fetch, document };
}
