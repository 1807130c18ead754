import { buildModuleGraph, type ModuleGraph } from "../di/module-graph.js";
import type { DocsPlugin } from "../docs/docs-plugin.js";
import { docsOptionsError } from "../docs/mount-docs.js";
import { resolveDocsPlugin, resolveModuleGraphPlugin } from "../docs/resolve-docs-plugin.js";
import { checkDuration } from "../errors/check-duration.js";
import { configError } from "../errors/core-config-error.js";
import { consoleLogger, type Logger, normalizeLogger } from "../errors/logger.js";
import { installedFeatures } from "../feature/plan-features.js";
import type { RouteFeature } from "../feature/route-feature.js";
import type { BodyEncoding } from "../http/vocabulary.js";
import type { AppObserver } from "../observability/app-observer.js";
import { installTelemetry } from "../observability/install-telemetry.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import { parseRootSecurity } from "../openapi/root-security.js";
import type { SecurityRequirement } from "../operation/operation.js";
import { isValidLimit } from "../operation/route-limits.js";
import { parseVersioning, type VersioningSettings } from "../operation/versioning-options.js";
import { checkGuard, checkInterceptor, checkMiddleware } from "../pipeline/check-pipeline-items.js";
import type { ErrorFormatter } from "../pipeline/error-formatter.js";
import type { Guard } from "../pipeline/guard.js";
import { parseResponseValidation } from "../pipeline/response-validation.js";
import type { PipelineSettings } from "../pipeline/route-pipeline.js";
import type { AppPlugin } from "../plugin/app-plugin.js";
import { checkPlugins } from "../plugin/mount-plugins.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import { parseWebSocketOptions, type WebSocketSettings } from "../websocket/websocket-options.js";
import { type AppOptions, type DocumentOptions, defaultBodyLimit } from "./app-options.js";
import { parsePubSub } from "./app-pubsub.js";
import { type PluginList, sortPlugins } from "./plugin-list.js";
import { parseRequestId } from "./request-id-option.js";

/** What both `createApp` and `buildDocument` read from their options, checked. */
export interface DocumentSettings {
  readonly adapter: SchemaAdapter;
  /** Every controller: `createApp`'s own, then the modules'. */
  readonly controllers: readonly unknown[];
  /** The checked module graph (`createApp`'s own controllers and providers are its root). */
  readonly modules: ModuleGraph;
  /** `limits.body`: the body limit of routes without `@BodyLimit`. */
  readonly bodyLimit: number;
  /** `limits.timeout` in milliseconds; undefined: routes without `@Timeout` have none. */
  readonly timeout: number | undefined;
  readonly openapi: OpenApiOptions | undefined;
  /** The root `openapi.security`, checked: the requirements of operations that declare none. */
  readonly defaultSecurity: readonly SecurityRequirement[];
  /** True when the app has global guards: every operation is documented as guarded. */
  readonly globalGuards: boolean;
  /** `versioning`, checked; undefined when not given (`@Version` then means the URI strategy). */
  readonly versioning: VersioningSettings | undefined;
  /** The route features: those `plugins` lists, in order, then the defaults of used decorators. */
  readonly features: readonly RouteFeature[];
  /** `plugins` sorted by kind, once: `createApp` installs the app plugins and the observer. */
  readonly pluginList: PluginList;
}

/** Everything `createApp` reads from its options, checked and typed, for the floors below. */
export interface AppSettings extends DocumentSettings {
  readonly pipeline: PipelineSettings;
  /** The docs plugins to mount (Swagger UI, the module graph page); none when docs are off. */
  readonly docs: readonly DocsPlugin[];
  readonly logger: Logger;
  /** True when the app was given its own logger (then `getRequestLogger` uses it). */
  readonly ownLogger: boolean;
  /** The observer `plugins` lists, installed (traces, metrics, access log), when any; decided once. */
  readonly observability: AppObserver | undefined;
  /** The app plugins `plugins` lists, checked, in mount order. */
  readonly plugins: readonly AppPlugin[];
  readonly errorFormatter: ErrorFormatter | undefined;
  /** Content codings request bodies may use. */
  readonly bodyEncodings: readonly BodyEncoding[];
  readonly websocket: WebSocketSettings;
  /** Where publishes go and subscribers receive from (`inProcessPubSub()` by default). */
  readonly pubsub: PubSub;
}

const knownEncodings: readonly BodyEncoding[] = ["gzip", "deflate"];

function parseBodyEncodings(value: unknown): readonly BodyEncoding[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    !value.every((item) => knownEncodings.includes(item as BodyEncoding))
  ) {
    const names = knownEncodings.map((name) => `"${name}"`).join(", ");
    throw configError("INVALID_OPTION", [
      "createApp",
      "limits.bodyEncodings",
      `an array of ${names}`,
    ]);
  }
  return [...new Set(value as BodyEncoding[])];
}

const isAdapter = (value: unknown): value is SchemaAdapter => {
  const adapter = value as Record<string, unknown> | null | undefined;
  return (
    adapter !== null &&
    typeof adapter === "object" &&
    typeof adapter.isSchema === "function" &&
    typeof adapter.compile === "function" &&
    typeof adapter.toJsonSchema === "function"
  );
};

function listOption(value: unknown, option: string): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw configError("INVALID_OPTION", ["createApp", option, "an array"]);
  }
  return value;
}

// Options of earlier versions that moved, with where each went. Ignored, each would silently
// leave its feature off or on its defaults (keys and counters in this process only): an app that
// still passes one is stopped.
const movedOptions: Readonly<Record<string, string>> = {
  rateLimit: "it is a route feature: list rateLimits({ ... }) from @trellis/rate-limit in plugins",
  idempotency:
    "it is a route feature: list idempotencyKeys({ ... }) from @trellis/idempotency in plugins",
  features: "list route features in plugins",
  telemetry: "list openTelemetry() in plugins",
  bodyEncodings: "it is limits.bodyEncodings",
};

/** Checks the options both `createApp` and `buildDocument` read; `caller` names which one. */
export function parseDocumentOptions(
  options: DocumentOptions & Pick<AppOptions, "guards">,
  caller: string,
): DocumentSettings {
  if (options === null || typeof options !== "object") {
    throw configError("MISSING_SCHEMA_ADAPTER", [caller, "an options object"]);
  }
  if (!isAdapter(options.schema)) {
    throw configError("MISSING_SCHEMA_ADAPTER", [
      caller,
      "`schema`: a schema adapter such as classValidator(), typebox(), zod() or valibot()",
    ]);
  }
  if (options.controllers !== undefined && !Array.isArray(options.controllers)) {
    throw configError("MISSING_CONTROLLERS", [
      caller,
      ": an array of at least one controller class",
    ]);
  }
  const modules = buildModuleGraph(
    { imports: options.imports, controllers: options.controllers, providers: options.providers },
    caller,
  );
  if (modules.controllers.length === 0) {
    throw configError("MISSING_CONTROLLERS", [
      caller,
      " (an array of at least one controller class), or `imports` of modules that declare some",
    ]);
  }
  const bodyLimit = options.limits?.body ?? defaultBodyLimit;
  if (!isValidLimit(bodyLimit)) {
    throw configError("INVALID_LIMIT", [
      `${caller}: limits.body`,
      String(bodyLimit),
      "a positive integer number of bytes",
    ]);
  }
  const timeout =
    options.limits?.timeout === undefined
      ? undefined
      : checkDuration(options.limits.timeout, `${caller}: limits.timeout`);
  // `guards` is a createApp option, but the same options given to buildDocument must document
  // the same 401/403 answers; only createApp checks the guards themselves.
  const guards: unknown = options.guards;
  const undeclared = options.openapi?.undeclaredResponses;
  if (undeclared !== undefined && !["warn", "error", "off"].includes(undeclared)) {
    throw configError("INVALID_OPENAPI_OPTION", [
      caller,
      "undeclaredResponses",
      'must be "warn", "error" or "off"',
    ]);
  }
  for (const [option, where] of Object.entries(movedOptions)) {
    if ((options as unknown as Record<string, unknown>)[option] !== undefined) {
      throw configError("OPTION_MOVED", [caller, option, where]);
    }
  }
  // In this order, the checks of root security and versioning come before the plugins'.
  const defaultSecurity = parseRootSecurity(options.openapi?.security, caller);
  const versioning = parseVersioning(options.versioning, caller);
  const pluginList = sortPlugins(options.plugins, caller);
  return {
    adapter: options.schema,
    controllers: modules.controllers,
    modules,
    bodyLimit,
    timeout,
    openapi: options.openapi,
    defaultSecurity,
    globalGuards: Array.isArray(guards) && guards.length > 0,
    versioning,
    features: installedFeatures(pluginList.features, caller),
    pluginList,
  };
}

function parseSecurity(value: unknown): ReadonlyMap<string, Guard> {
  if (value === undefined) return new Map();
  if (value === null || typeof value !== "object") {
    throw configError("INVALID_OPTION", [
      "createApp",
      "security",
      "an object mapping scheme names to guards",
    ]);
  }
  return new Map(
    Object.entries(value).map(([scheme, guard]) => [
      scheme,
      checkGuard(guard, `createApp security.${scheme}`),
    ]),
  );
}

function parsePipeline(options: AppOptions): PipelineSettings {
  if (options.requestContext !== undefined && typeof options.requestContext !== "boolean") {
    throw configError("INVALID_OPTION", ["createApp", "requestContext", "a boolean"]);
  }
  if (options.sendUndeclared !== undefined && typeof options.sendUndeclared !== "boolean") {
    throw configError("INVALID_OPTION", ["createApp", "sendUndeclared", "a boolean"]);
  }
  return {
    guards: listOption(options.guards, "guards").map((item, index) =>
      checkGuard(item, `createApp guards[${index}]`),
    ),
    interceptors: listOption(options.interceptors, "interceptors").map((item, index) =>
      checkInterceptor(item, `createApp interceptors[${index}]`),
    ),
    middleware: listOption(options.middleware, "middleware").map((item, index) =>
      checkMiddleware(item, `createApp middleware[${index}]`),
    ),
    security: parseSecurity(options.security),
    securitySchemes: options.openapi?.securitySchemes ?? {},
    realm: options.openapi?.service?.name,
    validateResponse: parseResponseValidation(
      options.validateResponse,
      "createApp validateResponse",
    ),
    requestContext: options.requestContext === true,
    sendUndeclared: options.sendUndeclared === true,
    requestId: parseRequestId(options.requestId),
  };
}

function parseDocs(options: AppOptions): readonly DocsPlugin[] {
  try {
    return [resolveDocsPlugin(options.docs), resolveModuleGraphPlugin(options.docs)].filter(
      (plugin): plugin is DocsPlugin => plugin !== undefined,
    );
  } catch (error) {
    throw docsOptionsError(error);
  }
}

/**
 * The one place `createApp`'s options are read: every check, with its stable code, before
 * anything is built. The floors below receive only the typed slice they need.
 */
export function parseAppOptions(options: AppOptions): AppSettings {
  const document = parseDocumentOptions(options, "createApp");
  if (options.errorFormatter !== undefined && typeof options.errorFormatter !== "function") {
    throw configError("INVALID_OPTION", ["createApp", "errorFormatter", "a function"]);
  }
  const logger = options.logger as { error?: unknown } | undefined;
  if (logger !== undefined && (logger === null || typeof logger.error !== "function")) {
    throw configError("INVALID_OPTION", [
      "createApp",
      "logger",
      "an object with an error(message, ...details) method",
    ]);
  }
  const appLogger = options.logger === undefined ? consoleLogger : normalizeLogger(options.logger);
  const plugins = document.pluginList;
  return {
    ...document,
    pipeline: parsePipeline(options),
    docs: parseDocs(options),
    logger: appLogger,
    ownLogger: options.logger !== undefined,
    observability: installTelemetry(plugins.telemetry, appLogger),
    plugins: checkPlugins(plugins.appPlugins),
    errorFormatter: options.errorFormatter,
    bodyEncodings: parseBodyEncodings(options.limits?.bodyEncodings),
    websocket: parseWebSocketOptions(options.websocket),
    pubsub: parsePubSub(options.pubsub),
  };
}
