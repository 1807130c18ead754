import type { DocsPlugin } from "@trellis/core";
import type { DocsPluginContext, DocsRouteHandler } from "@trellis/core/extend";
import { moduleGraphDot } from "./module-graph-dot.js";
import { moduleGraphScript, renderModuleGraphPage } from "./module-graph-page.js";
import { staticResource } from "./static-resource.js";
import { vizScript } from "./viz-asset.js";

/** Options of `moduleGraph()`. */
export interface ModuleGraphOptions {
  /** Where the page is served (default `/docs/modules`). */
  readonly path?: string;
}

const javascript = "text/javascript; charset=utf-8";
// Graphviz runs as WebAssembly: compiling it needs 'wasm-unsafe-eval'; nothing else is allowed.
const pageHeaders = {
  "content-security-policy":
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'",
  "referrer-policy": "no-referrer",
};

function checkPath(path: unknown): string {
  if (typeof path !== "string" || !/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) {
    throw new TypeError(
      `moduleGraph(): path must be an absolute path like "/docs/modules" (letters, digits, "._~-" segments, no trailing slash); got ${JSON.stringify(path)}.`,
    );
  }
  return path;
}

/**
 * Serves a page that draws the app's module graph (`app.modules`) offline with Graphviz
 * (`@viz-js/viz`, WebAssembly): `createApp({ docs: { modules: true } })` uses it. Routes: the
 * page, `<path>/graph.dot`, `<path>/modules.json` and the two scripts; all built at startup.
 *
 * @example
 * createApp({ schema: zod(), imports: [AppModule], docs: { swagger: true, modules: true } });
 */
export function moduleGraph(options: ModuleGraphOptions = {}): DocsPlugin {
  const path = checkPath(options.path ?? "/docs/modules");
  const viz = staticResource(vizScript(), javascript);
  const script = staticResource(moduleGraphScript, javascript);
  return {
    name: "@trellis/swagger-ui module graph",
    routes(context: DocsPluginContext): Record<string, DocsRouteHandler> {
      const modules = context.modules ?? [];
      const dot = staticResource(moduleGraphDot(modules), "text/vnd.graphviz; charset=utf-8");
      const json = staticResource(JSON.stringify(modules, null, 2), "application/json");
      const base = `${path.slice(path.lastIndexOf("/") + 1)}/`;
      const page = staticResource(
        renderModuleGraphPage(modules, {
          viz: `${base}viz-global.js?v=${viz.version}`,
          script: `${base}module-graph.js?v=${script.version}`,
          dot: `${base}graph.dot?v=${dot.version}`,
        }),
        "text/html; charset=utf-8",
        pageHeaders,
      );
      return {
        [path]: page.handler,
        [`${path}/viz-global.js`]: viz.handler,
        [`${path}/module-graph.js`]: script.handler,
        [`${path}/graph.dot`]: dot.handler,
        [`${path}/modules.json`]: json.handler,
      };
    },
  };
}
