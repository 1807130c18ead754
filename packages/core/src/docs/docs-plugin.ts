import type { ModuleInfo } from "../di/module-graph.js";

/** A route handler a docs plugin mounts. */
export type DocsRouteHandler = (request: Request) => Response | Promise<Response>;

/** What core hands a docs plugin: the finished document, serialized once at startup. */
export interface DocsPluginContext {
  /** The generated OpenAPI document. */
  readonly document: Readonly<Record<string, unknown>>;
  /** The document as JSON text. */
  readonly json: string;
  /** The document as YAML text. */
  readonly yaml: string;
  /** The app's module graph (`app.modules`); core always gives it. */
  readonly modules?: readonly ModuleInfo[];
  /**
   * For an app with API versions: one document per version, which core serves beside the raw
   * document (`/docs/v2/openapi.json`), for a version picker. `document` is the default's.
   */
  readonly versions?: readonly DocsVersion[];
}

/** One API version's document, as a docs UI lists it. */
export interface DocsVersion {
  /** The version (`"2"`). */
  readonly version: string;
  /** Its name in a picker (`"v2"`). */
  readonly name: string;
  /** Its document's URL relative to the folder of the raw document (`"v2/openapi.json"`). */
  readonly path: string;
  /** True for the default version, whose document `document` is. */
  readonly primary: boolean;
}

/**
 * A plugin that serves documentation (Swagger UI, the raw spec). It receives the document once
 * at startup and returns GET routes (Bun path -> handler) that core mounts beside the app's
 * routes; they never appear in the document.
 */
export interface DocsPlugin {
  /** The plugin's name, for error messages. */
  readonly name: string;
  /**
   * Builds the plugin's routes from the finished document. A `Response` is a fixed answer, one
   * that depends on nothing in the request: `Bun.serve` sends it by itself when nothing wraps
   * every answer (request ids off, no middleware or telemetry), else each request gets a copy.
   */
  routes(context: DocsPluginContext): Record<string, DocsRouteHandler | Response>;
}
