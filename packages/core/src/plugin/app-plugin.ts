import type { AppStatus } from "../di/built-in-tokens.js";
import type { InjectionToken } from "../di/injection-metadata.js";
import type { Logger } from "../errors/logger.js";
import type { HttpMethod } from "../http/vocabulary.js";
import type { OpenApiDocument } from "../openapi/openapi-options.js";
import type { Operation } from "../operation/operation.js";
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
}

/** What an app plugin adds to the app: its routes and its lifecycle hooks. */
export interface AppPluginMount {
  readonly routes: readonly AppPluginRoute[];
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
