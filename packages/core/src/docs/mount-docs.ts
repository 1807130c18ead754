import type { ModuleInfo } from "../di/module-graph.js";
import { configError } from "../errors/core-config-error.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { RouteHandler } from "../http/route-handler.js";
import { routeShape } from "../http/route-shape.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import { serializeDocument } from "../openapi/serialize-document.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import type { RouterEntry } from "../router/build-router.js";
import type { AppDocuments } from "../versioning/app-documents.js";
import { clientManifest, clientManifestPath } from "./client-manifest.js";
import type { DocsPlugin, DocsPluginContext, DocsRouteHandler } from "./docs-plugin.js";
import { docsVersions, withVersionDocuments } from "./versioned-docs.js";

/** Problems in docs options (a bad `docs.swagger`, `swaggerUi()` option checks) as config errors. */
export function docsOptionsError(error: unknown): TrellisConfigError {
  if (error instanceof TrellisConfigError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return configError("INVALID_DOCS_OPTIONS", ["docs", message], { cause: error });
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
function docsContext(document: OpenApiDocument, modules: readonly ModuleInfo[]): DocsPluginContext {
  const json = serializeDocument(document, "json");
  let yaml: string | undefined;
  return {
    document,
    json,
    modules,
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

/**
 * Adds the `@trellis/client` manifest beside the raw document, unless the plugin serves that path,
 * and the app plugins' documents (`extras`, their paths listed) beside it too.
 */
function withClientManifest(
  routes: ReturnType<DocsPlugin["routes"]>,
  operations: readonly Operation[],
  asyncapi: Readonly<Record<string, unknown>> | undefined,
  extras: ReadonlyMap<string, string>,
  extraPaths: Set<string>,
): ReturnType<DocsPlugin["routes"]> {
  const path = clientManifestPath(Object.keys(routes));
  if (path === undefined || Object.hasOwn(routes, path)) return routes;
  const body = JSON.stringify(clientManifest(operations));
  const served = { ...routes, [path]: new Response(body, { headers: jsonHeaders }) };
  const folder = path.slice(0, -"client.json".length);
  // The AsyncAPI document of the app's WebSocket routes, when it has any: beside the OpenAPI one.
  const asyncPath = `${folder}asyncapi.json`;
  if (asyncapi !== undefined && !Object.hasOwn(routes, asyncPath)) {
    const text = JSON.stringify(asyncapi);
    served[asyncPath] = new Response(text, { headers: jsonHeaders });
  }
  for (const [name, text] of extras) {
    if (Object.hasOwn(served, `${folder}${name}`)) continue;
    served[`${folder}${name}`] = new Response(text, { headers: jsonHeaders });
    extraPaths.add(`${folder}${name}`);
  }
  return served;
}

const jsonHeaders = { "content-type": "application/json; charset=utf-8" };

/**
 * The router entries of a docs plugin's routes, mounted exactly as the plugin gives them
 * ("/docs/" stays apart from "/docs"). A route whose shape an app route (or an earlier docs
 * plugin's) already has is a startup error, never a silent shadow. `taken` gains the new shapes.
 * The `@trellis/client` manifest (and the AsyncAPI document, given one, and the app plugins'
 * documents, each unless its path is served already) is mounted beside the raw document.
 */
export function mountDocs(
  plugin: DocsPlugin,
  document: OpenApiDocument,
  operations: readonly Operation[],
  taken: Set<string>,
  respondError: ErrorResponder,
  modules: readonly ModuleInfo[] = [],
  asyncapi?: Readonly<Record<string, unknown>>,
  documents?: AppDocuments,
  extras: ReadonlyMap<string, string> = new Map(),
): RouterEntry[] {
  let routes: ReturnType<DocsPlugin["routes"]>;
  const extraPaths = new Set<string>();
  try {
    const context = docsContext(document, modules);
    // An app with API versions: the plugin learns of them, core serves their documents.
    const versions = documents && docsVersions(documents);
    routes = withClientManifest(
      plugin.routes(versions ? Object.assign(context, { versions }) : context),
      operations,
      asyncapi,
      extras,
      extraPaths,
    );
    if (documents) routes = withVersionDocuments(routes, documents);
  } catch (error) {
    throw docsOptionsError(error);
  }
  const entries: RouterEntry[] = [];
  for (const [path, handler] of Object.entries(routes)) {
    const fixed = handler instanceof Response ? handler : undefined;
    if (!path.startsWith("/") || /[?#\s]/.test(path) || !(fixed || typeof handler === "function")) {
      throw configError("INVALID_DOCS_OPTIONS", [
        `docs plugin "${plugin.name}"`,
        `returned an invalid route ${JSON.stringify(path)}: routes must be absolute paths mapped to handlers or Responses.`,
      ]);
    }
    const shape = routeShape(path);
    if (taken.has(shape) && extraPaths.has(path)) continue; // a route of the app's is there
    if (taken.has(shape)) {
      throw configError("DOCS_ROUTE_CONFLICT", [plugin.name, path]);
    }
    entries.push(
      fixed
        ? { method: "GET", path, shape, handler: () => fixed.clone() as Response, fixed }
        : {
            method: "GET",
            path,
            shape,
            handler: guardDocsHandler(handler as DocsRouteHandler, respondError),
          },
    );
    taken.add(shape);
  }
  return entries;
}
