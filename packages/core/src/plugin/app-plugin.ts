import type { AppStatus } from "../di/built-in-tokens.js";
import type { InjectionToken } from "../di/injection-metadata.js";
import type { Logger } from "../errors/logger.js";
import type { HttpMethod } from "../http/vocabulary.js";
import type { RequestLogSink } from "../observability/request-logger.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { Operation } from "../operation/operation.js";
import type { Guard } from "../pipeline/guard.js";
import type { PubSubStatus } from "../pubsub/pubsub.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** A documented response of an app plugin's operation (plain JSON Schema; core renders it). */
export interface AppPluginResponse {
  readonly status: number;
  readonly description: string;
  /** The JSON body's schema; absent: no body. */
  readonly schema?: JsonSchema;
  /** Response headers by name. */
  readonly headers?: Readonly<
    Record<
      string,
      { readonly schema: JsonSchema; readonly description?: string; readonly required?: boolean }
    >
  >;
}

/**
 * What makes an app plugin's route an API operation: documented in the OpenAPI document (public,
 * `security: []`: core runs no guard on it), listed for `@trellis/client`, observed like any route.
 */
export interface AppPluginOperation {
  /** The class a typed client names these calls by (`createClient<{ health: HealthChecks }>`). */
  readonly controller: abstract new (
    ...args: never[]
  ) => unknown;
  /** The method of `controller` this route is (`"ready"`). */
  readonly handler: string;
  readonly operationId: string;
  readonly summary?: string;
  readonly description?: string;
  /** Its tags; the first is also listed in the document's tags. */
  readonly tags?: readonly string[];
  readonly responses: readonly AppPluginResponse[];
}

/** One route an app plugin serves. */
export interface AppPluginRoute {
  readonly method: HttpMethod;
  /** An absolute path without parameters (`/health/ready`). */
  readonly path: string;
  /** Answers the request; anything it throws or rejects with is answered by the app's error path. */
  readonly handler: (request: Request) => Response | Promise<Response>;
  /** Set for an API operation; absent: served only (a docs page), never documented. */
  readonly operation?: AppPluginOperation;
  /**
   * Milliseconds before the route is answered 503, as a route's `@Timeout` (the app's
   * `limits.timeout` is `context.limits.timeout`); absent: none.
   */
  readonly timeout?: number;
}

/** The app's shared schema components (`#/components/schemas/Name`), finished at startup. */
export interface AppSchemas {
  /** One component's schema by name; undefined when the app has none of that name. */
  component(name: string): JsonSchema | undefined;
  /** The schema a component reference points to (following chains); any other as it is. */
  resolve(schema: JsonSchema): JsonSchema;
  /** The component a `$ref` names (`#/components/schemas/User`: `User`), else undefined. */
  componentName(ref: string): string | undefined;
}

/** How `context.dispatch` runs a request the plugin made. */
export interface AppDispatchOptions {
  /**
   * The request the plugin is serving: the new one is taken as arriving on its connection (a
   * rate limit by client address sees that client).
   */
  readonly from?: Request;
  /**
   * Run this operation's route alone (one of `context.operations`): its path is read against
   * that route's template only, and one that does not fit is a 400. Absent: matched by URL, as
   * `fetch` matches it.
   */
  readonly operation?: Operation;
  /** Receives each line logged about the request (`getRequestLogger(request)`), besides the app's logger. */
  readonly log?: RequestLogSink;
}

/** What core hands an app plugin while it mounts, once per app. */
export interface AppPluginContext {
  /** The app's routed operations (its controllers'), in route order. */
  readonly operations: readonly Operation[];
  /**
   * The app's OpenAPI document, built on first use (plugins' operations included): call it from a
   * handler or `ready`, not while mounting.
   */
  document(): OpenApiDocument;
  /** Whether a route of the app, or of a plugin mounted before, has this path's shape. */
  isTaken(path: string): boolean;
  /** Answers anything thrown the way the app's problem+json does (`errorFormatter` included). */
  respond(error: unknown, request: Request): Response;
  readonly logger: Logger;
  /** The app's publish/subscribe engine: `status()` is a snapshot (`connected`, `engine`, ...). */
  readonly pubsub: { status(): PubSubStatus };
  /** The app's state now (`"starting"`, `"ready"`, `"closing"`, ...), as `AppState` has it. */
  status(): AppStatus;
  /**
   * A provider's instance as the app's root module sees it (`MISSING_PROVIDER` when none);
   * `consumer` names who asks, for that error. Providers exist once the app is made: call it
   * from a handler or `ready`, not while mounting.
   */
  resolve(token: InjectionToken, consumer: string): unknown;
  /**
   * Answers a request as the app answers it over HTTP: what wraps every answer (middleware,
   * request id, the observer, timeouts) and the route's pipeline (security, guards, validation,
   * features, interceptors, the error answer). For a plugin that serves the app's operations
   * over another protocol; from a handler, not while mounting.
   */
  dispatch(request: Request, options?: AppDispatchOptions): Promise<Response>;
  /** The app's schema components, for a plugin that describes operations in its own format. */
  readonly schemas: AppSchemas;
  /** The runtime check of each security scheme (`createApp({ security })`), by scheme name. */
  readonly security: ReadonlyMap<string, Guard>;
  /** `openapi.service` as the app gives it (its name and version), if it does. */
  readonly service: { readonly name?: string; readonly version?: string } | undefined;
  /** `limits.body` (bytes) and `limits.timeout` (milliseconds, undefined: none). */
  readonly limits: { readonly body: number; readonly timeout: number | undefined };
  /** The header that carries the request id, lower case (undefined when ids are off). */
  readonly requestIdHeader: string | undefined;
}

/** What an app plugin adds to the app: its routes and its lifecycle hooks. */
export interface AppPluginMount {
  readonly routes: readonly AppPluginRoute[];
  /**
   * Machine-readable documents served beside the raw OpenAPI document when docs are on, by file
   * name (`{ "mcp.json": value }`: `/docs/mcp.json`), as JSON. One whose path is served already
   * is left out.
   */
  readonly documents?: Readonly<Record<string, unknown>>;
  /**
   * Runs once the app's providers exist and their `onInit` ran, before `app.ready` resolves (in
   * `createApp` itself for an app that starts synchronously); a throw or rejection fails startup.
   */
  ready?(): void | Promise<void>;
  /** Called by `app.close()`, after the providers' `onShutdown`; a failure is logged. */
  close?(): void | Promise<void>;
}

/**
 * What adds routes and lifecycle to an app rather than to its routes (health checks, a metrics
 * endpoint): listed in `createApp({ plugins })`, mounted once at startup, in order.
 */
export interface AppPlugin {
  /** Unique in an app: listing two plugins of one name is `INVALID_PLUGIN`. */
  readonly name: string;
  /** Builds the plugin's routes and hooks, once; throw `TrellisConfigError` for a bad setup. */
  mount(context: AppPluginContext): AppPluginMount;
}
