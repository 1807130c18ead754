import {
  type InitOAuthConfig,
  resolveOAuthOptions,
  type SwaggerUiOAuthOptions,
} from "./oauth-options.js";

/** Options of `swaggerUi()`; every one is optional. */
export interface SwaggerUiOptions {
  /** Where the UI is served; the raw spec lives below it. Default `/docs`. */
  readonly path?: string;
  /** The page title. Default: the document's `info.title`. */
  readonly title?: string;
  /** Keep entered credentials across page reloads (browser local storage). Default `false`. */
  readonly persistAuthorization?: boolean;
  /** How operations start out: `"list"` (tags open, default), `"full"` or `"none"`. */
  readonly docExpansion?: "list" | "full" | "none";
  /** How deep the Schemas section starts expanded; `-1` hides it. Default `1`. */
  readonly defaultModelsExpandDepth?: number;
  /** Show how long each "Try it out" request took. Default `false`. */
  readonly displayRequestDuration?: boolean;
  /** Show the tag filter box (`true`), or start with this filter text. Default `false`. */
  readonly filter?: boolean | string;
  /**
   * Sign-in for an OAuth 2.0 authorization-code scheme: the Authorize dialog runs the flow with
   * PKCE as this public client. Register `<docs path>/oauth2-redirect.html` as its redirect URI.
   */
  readonly oauth?: SwaggerUiOAuthOptions;
  /**
   * Any other SwaggerUIBundle setting, merged over Trellis's own. JSON values only: the object is
   * serialized into the page's script at startup, so functions cannot be passed.
   */
  readonly uiConfig?: Readonly<Record<string, unknown>>;
}

/** Validated options with the defaults filled in. */
export interface ResolvedSwaggerUiOptions {
  /** Normalized: starts with `/`, no trailing slash except for the root `/`. */
  readonly path: string;
  readonly title: string | undefined;
  /** The SwaggerUIBundle settings Trellis sets from the named options. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly uiConfig: Readonly<Record<string, unknown>>;
  /** What the page gives `ui.initOAuth()`, when `oauth` is set. */
  readonly oauth: InitOAuthConfig | undefined;
}

const known = new Set([
  "path",
  "title",
  "persistAuthorization",
  "docExpansion",
  "defaultModelsExpandDepth",
  "displayRequestDuration",
  "filter",
  "oauth",
  "uiConfig",
]);
// Plain URL path characters only: no Bun route syntax (`:`, `*`), no query, no encoding tricks.
const segment = /^[A-Za-z0-9._~-]+$/;

/** Checks `swaggerUi()` options once, at startup; a mistake throws a `TypeError` that names it. */
export function resolveSwaggerUiOptions(
  options: SwaggerUiOptions | undefined,
): ResolvedSwaggerUiOptions {
  const given = (options ?? {}) as Record<string, unknown>;
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    fail("options must be an object");
  }
  for (const key of Object.keys(given)) {
    if (!known.has(key)) {
      fail(
        `unknown option "${key}" (known: ${[...known].join(", ")}; put other SwaggerUIBundle settings in uiConfig)`,
      );
    }
  }
  const settings: Record<string, unknown> = {};
  const {
    persistAuthorization,
    docExpansion,
    defaultModelsExpandDepth,
    displayRequestDuration,
    filter,
  } = given;
  if (persistAuthorization !== undefined) {
    settings.persistAuthorization = checked(
      persistAuthorization,
      "persistAuthorization",
      isBoolean,
      "a boolean",
    );
  }
  if (docExpansion !== undefined) {
    settings.docExpansion = checked(
      docExpansion,
      "docExpansion",
      isExpansion,
      '"list", "full" or "none"',
    );
  }
  if (defaultModelsExpandDepth !== undefined) {
    settings.defaultModelsExpandDepth = checked(
      defaultModelsExpandDepth,
      "defaultModelsExpandDepth",
      (value) => Number.isInteger(value) && (value as number) >= -1,
      "an integer of -1 or more",
    );
  }
  if (displayRequestDuration !== undefined) {
    settings.displayRequestDuration = checked(
      displayRequestDuration,
      "displayRequestDuration",
      isBoolean,
      "a boolean",
    );
  }
  if (filter !== undefined) {
    settings.filter = checked(
      filter,
      "filter",
      (value) => isBoolean(value) || typeof value === "string",
      "a boolean or a string",
    );
  }
  const title =
    given.title === undefined
      ? undefined
      : checked<string>(given.title, "title", isString, "a string");
  const uiConfig =
    given.uiConfig === undefined
      ? {}
      : checked<Record<string, unknown>>(
          given.uiConfig,
          "uiConfig",
          isPlainObject,
          "a plain object",
        );
  const oauth = resolveOAuthOptions(given.oauth);
  return { path: normalizePath(given.path), title, settings, uiConfig, oauth };
}

function normalizePath(path: unknown): string {
  if (path === undefined) return "/docs";
  if (typeof path !== "string" || !path.startsWith("/")) {
    fail(`option "path" must be a string that starts with "/" (got ${show(path)})`);
  }
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  if (trimmed === "/") return trimmed;
  const segments = trimmed.slice(1).split("/");
  const valid = segments.every((part) => segment.test(part) && part !== "." && part !== "..");
  if (!valid) {
    fail(
      `option "path" may only hold "/"-separated segments of letters, digits, ".", "_", "~" and "-" (got ${show(path)})`,
    );
  }
  return trimmed;
}

function checked<T>(
  value: unknown,
  name: string,
  test: (value: unknown) => boolean,
  what: string,
): T {
  if (!test(value)) fail(`option "${name}" must be ${what} (got ${show(value)})`);
  return value as T;
}

const isBoolean = (value: unknown) => typeof value === "boolean";
const isString = (value: unknown) => typeof value === "string";
const isExpansion = (value: unknown) => value === "list" || value === "full" || value === "none";

function isPlainObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || Array.isArray(value)) return value === null ? "null" : "an array";
  return typeof value === "object" || typeof value === "function"
    ? `a ${typeof value}`
    : String(value);
}

function fail(message: string): never {
  throw new TypeError(`@trellis/swagger-ui: ${message}.`);
}
