import type { DocsPlugin } from "@trellis/core";
import type { DocsPluginContext, DocsRouteHandler } from "@trellis/core/extend";
import { distAssets } from "./dist-assets.js";
import { baseSettings, renderInitializer } from "./render-initializer.js";
import { renderPage } from "./render-page.js";
import { type StaticResource, staticResource } from "./static-resource.js";
import { resolveSwaggerUiOptions, type SwaggerUiOptions } from "./swagger-ui-options.js";
import { versionPicker } from "./version-picker.js";

/** The docs plugin `swaggerUi()` returns. */
export interface SwaggerUiPlugin extends DocsPlugin {
  /** The normalized path the UI is served at (`/docs` by default). */
  readonly path: string;
}

const html = "text/html; charset=utf-8";
// The page runs only our own files: no inline or injected script, no plugins, no <base> rewrite.
// Styles and connections stay open: Swagger UI sets inline styles, and "Try it out" may call
// servers the document lists on other origins.
const pageHeaders = {
  "content-security-policy": "script-src 'self'; object-src 'none'; base-uri 'none'",
  "referrer-policy": "no-referrer",
};

/**
 * Serves Swagger UI and the raw OpenAPI document, offline, from `swagger-ui-dist`. Everything is
 * built once at startup; requests only pick a prepared response.
 *
 * @example
 * createApp({ schema: zod(), controllers: [UserController], docs: { swagger: swaggerUi({ path: "/api-docs" }) } });
 */
export function swaggerUi(options?: SwaggerUiOptions): SwaggerUiPlugin {
  const resolved = resolveSwaggerUiOptions(options);
  const config = { ...baseSettings, ...resolved.settings, ...resolved.uiConfig };
  // Built now, so a bad uiConfig fails at startup, not when routes are mounted.
  const initializer = staticResource(
    renderInitializer(config, resolved.oauth),
    "text/javascript; charset=utf-8",
  );
  const { assets } = distAssets();
  const { path } = resolved;
  const folder = path === "/" ? "" : path;

  return {
    name: "@trellis/swagger-ui",
    path,
    routes(context: DocsPluginContext): Record<string, DocsRouteHandler> {
      const files = new Map<string, StaticResource>(
        assets.map((asset) => [asset.name, staticResource(asset.bytes, asset.contentType)]),
      );
      // An app with API versions gets a version picker: its own initializer, made once here.
      const picker = versionPicker(config, context.versions);
      files.set(
        "swagger-initializer.js",
        picker === config
          ? initializer
          : staticResource(
              renderInitializer(picker, resolved.oauth),
              "text/javascript; charset=utf-8",
            ),
      );
      files.set("openapi.json", staticResource(context.json, "application/json"));
      files.set("openapi.yaml", staticResource(context.yaml, "application/yaml"));

      const versions = Object.fromEntries([...files].map(([name, file]) => [name, file.version]));
      const title = resolved.title ?? documentTitle(context.document);
      const page = (base: string) =>
        staticResource(renderPage({ title, base, versions }), html, pageHeaders);

      const routes: Record<string, DocsRouteHandler> = {};
      if (path === "/") {
        routes["/"] = page("").handler;
      } else {
        // Relative links resolve against `/` on `/docs` and against `/docs/` on `/docs/`, so each
        // URL gets its own page. The choice is made on the request's URL, so the page stays right
        // even if a host mounts both routes on one path.
        const bare = page(`${path.slice(path.lastIndexOf("/") + 1)}/`).handler;
        const slashed = page("").handler;
        const handler: DocsRouteHandler = (request) =>
          endsWithSlash(request.url) ? slashed(request) : bare(request);
        routes[path] = handler;
        routes[`${path}/`] = handler;
      }
      for (const [name, file] of files) routes[`${folder}/${name}`] = file.handler;
      return routes;
    },
  };
}

function documentTitle(document: Readonly<Record<string, unknown>>): string {
  const info = document.info as { title?: unknown } | undefined;
  return typeof info?.title === "string" && info.title !== "" ? info.title : "API documentation";
}

// Whether the URL's path (before any query or fragment) ends with "/".
function endsWithSlash(url: string): boolean {
  const query = url.search(/[?#]/);
  const path = query === -1 ? url : url.slice(0, query);
  return path.endsWith("/");
}
