import { createRequire } from "node:module";
import { join } from "node:path";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { DocsPlugin } from "./docs-plugin.js";

const packageName = "@trellis/swagger-ui";
const install = `bun add ${packageName}`;

/** Swagger UI settings given inline as `docs.swagger`; handed to `swaggerUi()` unchanged. */
export interface SwaggerUiSettings {
  /** Where the UI is served (default `/docs`). */
  readonly path?: string;
  /** Any other `swaggerUi()` option (`title`, `docExpansion`, `uiConfig`, ...). */
  readonly [option: string]: unknown;
}

/** The `docs` option of `createApp`. */
export interface DocsOptions {
  /** `true` (needs `@trellis/swagger-ui`), inline Swagger UI settings, or a docs plugin. */
  readonly swagger?: boolean | SwaggerUiSettings | DocsPlugin;
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
    throw new TrellisConfigError(
      "DOCS_PLUGIN_MISSING",
      `${packageName} was loaded but does not export swaggerUi(); install a version that matches @trellis/core with \`${install}\`.`,
    );
  }
  const plugin: unknown = swagger === true ? factory() : factory(swagger);
  if (!isDocsPlugin(plugin)) {
    throw new TrellisConfigError(
      "DOCS_PLUGIN_MISSING",
      `${packageName}'s swaggerUi() did not return a docs plugin; install a version that matches @trellis/core with \`${install}\`.`,
    );
  }
  return plugin;
}

/**
 * Loads `@trellis/swagger-ui` synchronously (createApp is synchronous; Bun's `require` loads ESM),
 * looking from the app's working directory first, where the app installed it, then from core's own
 * location. `searchFrom` lists the files or file URLs to resolve from.
 */
export function loadSwaggerUi(
  searchFrom: readonly string[] = [join(process.cwd(), "package.json"), import.meta.url],
): unknown {
  for (const from of searchFrom) {
    const require = createRequire(from);
    let resolved: string;
    try {
      resolved = require.resolve(packageName);
    } catch {
      continue; // not installed where this place can see it: try the next one
    }
    try {
      return require(resolved);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new TrellisConfigError(
        "DOCS_PLUGIN_MISSING",
        `docs.swagger is enabled and ${packageName} was found at ${resolved}, but it could not be loaded (${reason}). Reinstall it with \`${install}\`.`,
        { cause },
      );
    }
  }
  throw new TrellisConfigError(
    "DOCS_PLUGIN_MISSING",
    `docs.swagger is enabled but the package ${packageName} is not installed. Install it with \`${install}\`, or pass a docs plugin as docs.swagger, or leave docs.swagger off.`,
  );
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
