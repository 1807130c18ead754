import { configError } from "../errors/core-config-error.js";
import type { DocsPlugin } from "./docs-plugin.js";
import { install, loadSwaggerUi, packageName } from "./load-swagger-ui.js";

/** Swagger UI settings given inline as `docs.swagger`; handed to `swaggerUi()` unchanged. */
export interface SwaggerUiSettings {
  /** Where the UI is served (default `/docs`). */
  readonly path?: string;
  /** Any other `swaggerUi()` option (`title`, `docExpansion`, `uiConfig`, ...). */
  readonly [option: string]: unknown;
}

/** The `docs` option of `createApp`. */
export interface DocsOptions {
  /** `true` (needs the Swagger UI package), inline Swagger UI settings, or a docs plugin. */
  readonly swagger?: boolean | SwaggerUiSettings | DocsPlugin;
  /**
   * `true` serves a page drawing the module graph at `/docs/modules` (offline, from
   * `@trellis/swagger-ui`); `{ path }` moves it; a docs plugin replaces it.
   */
  readonly modules?: boolean | { readonly path?: string } | DocsPlugin;
}

/**
 * Turns `docs.swagger` into the docs plugin to mount, or undefined when docs are off. `true` and
 * inline settings load `@trellis/swagger-ui` (through `load`, replaceable for tests) and call its
 * `swaggerUi()`; a value that already is a plugin is used as it is.
 */
export function resolveDocsPlugin(
  docs: DocsOptions | undefined,
  load: () => unknown = loadSwaggerUi,
): DocsPlugin | undefined {
  const swagger = docs?.swagger;
  if (swagger === undefined || swagger === false) return undefined;
  if (isDocsPlugin(swagger)) return swagger;
  if (swagger !== true && !isPlainObject(swagger)) {
    throw new TypeError(
      "docs.swagger must be true, false, an object of Swagger UI settings, or a docs plugin such as swaggerUi().",
    );
  }
  const factory = (load() as { swaggerUi?: unknown } | undefined)?.swaggerUi;
  if (typeof factory !== "function") {
    throw configError("DOCS_PLUGIN_MISSING", [
      packageName,
      "was loaded but does not export swaggerUi()",
      `Install a version that matches @trellis/core with \`${install}\``,
    ]);
  }
  const plugin: unknown = swagger === true ? factory() : factory(swagger);
  if (!isDocsPlugin(plugin)) {
    throw configError("DOCS_PLUGIN_MISSING", [
      `${packageName}'s swaggerUi()`,
      "did not return a docs plugin",
      `Install a version that matches @trellis/core with \`${install}\``,
    ]);
  }
  return plugin;
}

/**
 * Turns `docs.modules` into the module graph page's plugin, or undefined when it is off: `true`
 * and `{ path }` call `moduleGraph()` of `@trellis/swagger-ui` (loaded through `load`).
 */
export function resolveModuleGraphPlugin(
  docs: DocsOptions | undefined,
  load: () => unknown = () => loadSwaggerUi(undefined, "docs.modules"),
): DocsPlugin | undefined {
  const modules = docs?.modules;
  if (modules === undefined || modules === false) return undefined;
  if (isDocsPlugin(modules)) return modules;
  if (modules !== true && !isPlainObject(modules)) {
    throw new TypeError("docs.modules must be true, false, { path }, or a docs plugin.");
  }
  const factory = (load() as { moduleGraph?: unknown } | undefined)?.moduleGraph;
  if (typeof factory !== "function") {
    throw configError("DOCS_PLUGIN_MISSING", [
      packageName,
      "was loaded but does not export moduleGraph()",
      `Install a version that matches @trellis/core with \`${install}\``,
    ]);
  }
  const plugin: unknown = modules === true ? factory() : factory(modules);
  if (!isDocsPlugin(plugin)) {
    throw configError("DOCS_PLUGIN_MISSING", [
      `${packageName}'s moduleGraph()`,
      "did not return a docs plugin",
      `Install a version that matches @trellis/core with \`${install}\``,
    ]);
  }
  return plugin;
}

function isDocsPlugin(value: unknown): value is DocsPlugin {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { routes?: unknown }).routes === "function"
  );
}

function isPlainObject(value: unknown): value is SwaggerUiSettings {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
