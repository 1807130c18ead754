import type { AppStatus } from "../di/built-in-tokens.js";
import type { InjectionToken } from "../di/injection-metadata.js";
import { configError } from "../errors/core-config-error.js";
import type { Logger } from "../errors/logger.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import { routeShape } from "../http/route-shape.js";
import { httpMethods } from "../http/vocabulary.js";
import type { RouteObserver } from "../observability/app-observer.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { raceDeadline, startDeadline } from "../pipeline/request-deadline.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { RouterEntry } from "../router/build-router.js";
import type { AppPlugin, AppPluginContext, AppPluginMount, AppPluginRoute } from "./app-plugin.js";
import { pluginOperation } from "./plugin-operation.js";

/** What `createApp` gives its plugins; the lazy members are read after every plugin mounted. */
export interface PluginMountInput
  extends Pick<
    AppPluginContext,
    "dispatch" | "schemas" | "security" | "service" | "limits" | "requestIdHeader"
  > {
  readonly operations: readonly Operation[];
  /** Shapes served so far; gains each plugin's. */
  readonly taken: Set<string>;
  readonly respondError: ErrorResponder;
  readonly logger: Logger;
  readonly pubsub: PubSub;
  readonly document: () => OpenApiDocument;
  readonly status: () => AppStatus;
  readonly resolve: (token: InjectionToken, consumer: string) => unknown;
  /** Wraps each documented route in the app's observer (when it has one), as any route. */
  readonly observe?: (operation: Operation) => RouteObserver;
}

/** What the plugins added: documented operations, router entries and the lifecycle hooks. */
export interface MountedPlugins {
  readonly operations: readonly Operation[];
  readonly entries: readonly RouterEntry[];
  /** Every plugin's `ready`, in order; undefined, or a promise, as they returned. */
  ready(): void | Promise<void>;
  /** Every plugin's `close`, each failure logged: for `app.close()`. */
  readonly closers: readonly { close(): Promise<void> }[];
  /** The plugins' documents beside the raw OpenAPI document: file name to JSON text. */
  readonly documents: ReadonlyMap<string, string>;
}

const invalid = (subject: string, problem: string, cause?: unknown) =>
  configError("INVALID_PLUGIN", [subject, problem], cause === undefined ? undefined : { cause });

/** Checks `createApp({ plugins })`: an array of `{ name, mount }`, no name twice. */
export function checkPlugins(value: unknown): readonly AppPlugin[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw invalid("createApp: plugins", "must be an array of app plugins ({ name, mount }).");
  }
  const names = new Set<string>();
  value.forEach((plugin: Partial<AppPlugin> | null, index) => {
    if (
      plugin === null ||
      typeof plugin !== "object" ||
      typeof plugin.name !== "string" ||
      plugin.name === "" ||
      typeof plugin.mount !== "function"
    ) {
      throw invalid(`createApp: plugins[${index}]`, "is not an app plugin ({ name, mount }).");
    }
    if (names.has(plugin.name)) {
      throw invalid("createApp: plugins", `lists "${plugin.name}" twice.`);
    }
    names.add(plugin.name);
  });
  return value as AppPlugin[];
}

const validPath = /^\/[^\s?#:*{}]*$/;

function checkRoute(route: AppPluginRoute, name: string): void {
  const valid =
    route !== null &&
    typeof route === "object" &&
    httpMethods.includes(route.method) &&
    typeof route.path === "string" &&
    validPath.test(route.path) &&
    typeof route.handler === "function" &&
    (route.timeout === undefined ||
      (Number.isInteger(route.timeout) && route.timeout >= 1 && route.timeout <= 2 ** 31 - 1));
  if (!valid) {
    throw invalid(
      `app plugin "${name}"`,
      `returned an invalid route ${JSON.stringify(route?.path)}: a route is { method, path, handler, timeout? } with an absolute path without parameters (a timeout is whole milliseconds, 1 to 2^31 - 1).`,
    );
  }
}

// Plugin code: nothing its handler throws may reach the server.
function guarded(
  handler: AppPluginRoute["handler"],
  respondError: ErrorResponder,
  operation: Operation | undefined,
): PluginHandler {
  return (request) => {
    try {
      const answer = handler(request);
      return answer instanceof Response
        ? answer
        : Promise.resolve(answer).catch((error: unknown) =>
            respondError(error, request, operation),
          );
    } catch (error) {
      return respondError(error, request, operation);
    }
  };
}

/** A plugin route's handler, guarded: it answers, never throws. */
type PluginHandler = (request: Request) => Response | Promise<Response>;

/** The route within its timeout, as a route's `@Timeout`: 503 once it passes, its signal aborted. */
function timed(
  handler: PluginHandler,
  milliseconds: number,
  respondError: ErrorResponder,
): PluginHandler {
  return (request) => {
    const abort = startDeadline(request);
    const answer = handler(request);
    // A deadline started further out (around global middleware) already bounds it.
    if (abort === undefined) return answer;
    return raceDeadline(answer, milliseconds, abort, respondError, request);
  };
}

/**
 * Mounts `createApp({ plugins })`, in order, at startup: each plugin's routes are checked (a path
 * an app route or an earlier plugin has is `PLUGIN_ROUTE_CONFLICT`), its documented operations
 * made, its handlers guarded. The document and the providers are not there yet while plugins
 * mount: reading them then is `INVALID_PLUGIN`.
 */
export function mountPlugins(
  plugins: readonly AppPlugin[],
  input: PluginMountInput,
): MountedPlugins {
  const operations: Operation[] = [];
  const entries: RouterEntry[] = [];
  const readies: (() => void | Promise<void>)[] = [];
  const closers: { close(): Promise<void> }[] = [];
  const documents = new Map<string, string>();
  let mounting: string | undefined;
  const notWhileMounting = (what: string) => {
    if (mounting !== undefined) {
      throw invalid(
        `app plugin "${mounting}"`,
        `read ${what} while mounting; read it in a handler or in ready().`,
      );
    }
  };
  for (const plugin of plugins) {
    let mounted: AppPluginMount;
    mounting = plugin.name;
    try {
      mounted = plugin.mount({
        operations: input.operations,
        document: () => {
          notWhileMounting("the document");
          return input.document();
        },
        isTaken: (path) => input.taken.has(routeShape(path)),
        respond: (error, request) => input.respondError(error, request),
        logger: input.logger,
        pubsub: { status: () => input.pubsub.status() },
        status: () => (mounting === undefined ? input.status() : "starting"),
        resolve: (token, consumer) => {
          notWhileMounting("a provider");
          return input.resolve(token, consumer);
        },
        dispatch: (request, options) => {
          notWhileMounting("dispatch");
          return input.dispatch(request, options);
        },
        schemas: input.schemas,
        security: input.security,
        service: input.service,
        limits: input.limits,
        requestIdHeader: input.requestIdHeader,
      });
    } catch (error) {
      if (error instanceof TrellisConfigError) throw error;
      const why = error instanceof Error ? error.message : String(error);
      throw invalid(`app plugin "${plugin.name}"`, `failed to mount: ${why}`, error);
    } finally {
      mounting = undefined;
    }
    if (mounted === null || typeof mounted !== "object" || !Array.isArray(mounted.routes)) {
      throw invalid(`app plugin "${plugin.name}"`, "returned no { routes } from mount().");
    }
    const shapes = new Set<string>();
    for (const route of mounted.routes) {
      checkRoute(route, plugin.name);
      const shape = routeShape(route.path);
      if (input.taken.has(shape)) {
        throw configError("PLUGIN_ROUTE_CONFLICT", [plugin.name, route.path]);
      }
      shapes.add(shape);
      const operation =
        route.operation === undefined
          ? undefined
          : pluginOperation(route.method, route.path, route.operation);
      if (operation !== undefined) operations.push(operation);
      const safe = guarded(route.handler, input.respondError, operation);
      const handler =
        route.timeout === undefined ? safe : timed(safe, route.timeout, input.respondError);
      entries.push({
        method: route.method,
        path: route.path,
        shape,
        route: route.path,
        handler: operation && input.observe ? input.observe(operation).enter(handler) : handler,
        ...(route.timeout === undefined ? {} : { timeout: route.timeout }),
      });
    }
    for (const [name, value] of Object.entries(mounted.documents ?? {})) {
      if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name) || documents.has(name)) {
        throw invalid(
          `app plugin "${plugin.name}"`,
          `returned the document ${JSON.stringify(name)}: a document is a file name (letters, digits, ".", "_", "-") no plugin gave before.`,
        );
      }
      documents.set(name, JSON.stringify(value));
    }
    for (const shape of shapes) input.taken.add(shape);
    if (mounted.ready) readies.push(() => mounted.ready?.());
    if (mounted.close) {
      closers.push({
        close: async () => {
          try {
            await mounted.close?.();
          } catch (error) {
            input.logger.error(`Closing app plugin "${plugin.name}" failed:`, error);
          }
        },
      });
    }
  }
  return {
    operations,
    entries,
    ready() {
      let chain: Promise<void> | undefined;
      for (const hook of readies) {
        if (chain !== undefined) {
          chain = chain.then(hook);
          continue;
        }
        const result = hook();
        if (result instanceof Promise) chain = result;
      }
      return chain;
    },
    closers,
    documents,
  };
}
