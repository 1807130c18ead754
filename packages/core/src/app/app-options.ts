import type { Provider } from "../di/provider.js";
import type { DocsOptions } from "../docs/resolve-docs-plugin.js";
import type { Logger } from "../errors/logger.js";
import type { RouteFeature } from "../feature/route-feature.js";
import type { HealthOptions } from "../health/health-options.js";
import type { RequestIdOptions } from "../http/request-id.js";
import type { BodyEncoding } from "../http/vocabulary.js";
import type { IdempotencyAppOptions } from "../idempotency/idempotency-options.js";
import type { McpOptions } from "../mcp/mcp-options.js";
import type { AccessLogOptions } from "../observability/access-log.js";
import type { TelemetryOptions } from "../observability/telemetry-options.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import type { ConditionalAppOptions } from "../operation/conditional-policy.js";
import type { VersioningOptions } from "../operation/versioning-options.js";
import type { ErrorFormatter } from "../pipeline/error-formatter.js";
import type { Guard } from "../pipeline/guard.js";
import type { InterceptorItem } from "../pipeline/interceptor.js";
import type { Middleware } from "../pipeline/middleware.js";
import type { ResponseValidation } from "../pipeline/response-validation.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import type { WebSocketOptions } from "../websocket/websocket-options.js";

/** A controller class (normally a subclass of `Controller`). */
export type ControllerClass = abstract new (...args: never[]) => unknown;

/** A class decorated with `@Module({ ... })`. */
export type ModuleClass = abstract new (...args: never[]) => unknown;

/** The options of `buildDocument`: what the document is built from. */
export interface DocumentOptions {
  /** The schema adapter (`classValidator()`, `typebox()`, `zod()`, `valibot()`). */
  readonly schema: SchemaAdapter;
  /**
   * Controller classes whose routes are served and documented (with `imports`, optional: the
   * modules' controllers count too; at least one controller in all).
   */
  readonly controllers?: readonly ControllerClass[];
  /** Modules (`@Module` classes): their controllers and exported providers join the app. */
  readonly imports?: readonly ModuleClass[];
  /** Dependency-injection providers: classes, or `{ provide, useClass | useValue | useFactory }`. */
  readonly providers?: readonly Provider[];
  /** OpenAPI document options (`service`, `version`, `servers`, `securitySchemes`, `file`). */
  readonly openapi?: OpenApiOptions;
  /**
   * API versions (`@Version`): `strategy` `"uri"` (default: `/v2/users`) or `"header"` (one path,
   * the `header`, default `api-version`, picks), and the `default` version. One document per
   * version, served at `/docs/v<version>/openapi.json`. See docs/versioning.md.
   */
  readonly versioning?: VersioningOptions;
  /**
   * Conditional requests on every GET route without `@Conditional`: `{ etag: "strong" }` (or
   * `"weak"`) sends a hash of each 200's bytes as its `ETag` and answers `If-None-Match` with 304.
   */
  readonly conditional?: ConditionalAppOptions;
  /** Request limits. */
  readonly limits?: {
    /** Maximum request body in bytes (default 1 MiB); per route with `@BodyLimit`. */
    readonly body?: number;
    /**
     * Milliseconds a route may take before it is answered 503 (default: no limit); per route with
     * `@Timeout`. The handler's `this.signal` is aborted then. From 1 to 2^31 - 1 (the longest a
     * timer can wait): anything else is `INVALID_DURATION` at startup.
     */
    readonly timeout?: number;
  };
  /**
   * Route features with their app options, in stage order (the first runs outermost), such as
   * `rateLimits({ store, limit, window })` from `@trellis/rate-limit`. A feature whose decorator
   * is used but that is not listed here runs with its defaults. See docs/writing-a-feature.md.
   */
  readonly features?: readonly RouteFeature[];
}

/** The options of `createApp`. */
export interface AppOptions extends DocumentOptions {
  /** Documentation serving (`{ swagger: true }` serves Swagger UI at `/docs`). */
  readonly docs?: DocsOptions;
  /** Reshapes every error response. */
  readonly errorFormatter?: ErrorFormatter;
  /**
   * Where unexpected errors, startup advice and access lines go (default: the console). A logger
   * with `child` (pino, bunyan: a `StructuredLogger`) is called fields first, as they are: pass
   * one as it is.
   */
  readonly logger?: Logger;
  /**
   * Traces and metrics through `@opentelemetry/api`. Default: decided at `createApp`, on when an
   * SDK registered a tracer (traces) or meter (metrics) provider, else off at no cost per request.
   * `false` turns them off, `true` on; an object gives providers and what may be recorded.
   */
  readonly telemetry?: boolean | TelemetryOptions;
  /**
   * One line per request through the logger's `info` ("request completed": method, route,
   * status, durationMs, requestId, traceId, bytes). Default off.
   */
  readonly accessLog?: boolean | AccessLogOptions;
  /**
   * Liveness and readiness endpoints (`/health/live`, `/health/ready`), documented: readiness is
   * 503 while the app starts or closes, when an indicator is down, or under pressure. Default off.
   */
  readonly health?: boolean | HealthOptions;
  /** Guards run before every route's own (after its security requirements). */
  readonly guards?: readonly Guard[];
  /** Interceptors around every handler, outside the class's and method's. */
  readonly interceptors?: readonly InterceptorItem[];
  /** Middleware around every answer: routes, 404, 405, OPTIONS, docs. */
  readonly middleware?: readonly Middleware[];
  /**
   * The runtime check of each security scheme `@Security` names (`{ bearerAuth: guard }`). A
   * scheme in use without one is a startup error (`UNGUARDED_SECURITY_SCHEME`).
   */
  readonly security?: Readonly<Record<string, Guard>>;
  /** Validate returned values against `@Returns` schemas (default false); `{ strip: true }` also strips. */
  readonly validateResponse?: ResponseValidation;
  /**
   * Send what handlers return whole (default false): by default a 2xx JSON body whose `@Returns`
   * declares a schema carries only the declared properties. Per route and class: `@SendUndeclared`.
   */
  readonly sendUndeclared?: boolean;
  /**
   * Content codings a request body may use (`["gzip", "deflate"]`): decoded while read, with
   * `limits.body` bounding both the coded bytes and the decoded ones. Default none: a coded body
   * is 415.
   */
  readonly bodyEncodings?: readonly BodyEncoding[];
  /** Make `getRequestContext()` work in this app's requests (default false: it costs a little). */
  readonly requestContext?: boolean;
  /**
   * Request ids (default on): an incoming `X-Request-ID` that is short and printable is kept,
   * else one is generated; it is echoed on every response, carried in every problem+json body
   * (`requestId`) and in the error log lines about the request; `getRequestId(request)` reads
   * it. `false` turns them off; an object names the header or the generator.
   */
  readonly requestId?: boolean | RequestIdOptions;
  /** How `app.websocket` treats WebSocket connections (backpressure, idle timeout, compression). */
  readonly websocket?: WebSocketOptions;
  /**
   * Where publishes go (`app.publish`, `WebSocketPublisher`, `Topics`, `connection.publish`) and
   * where WebSocket and SSE subscribers receive them from. Default `inProcessPubSub()`: one
   * process. `redisPubSub({ url })` (`@trellis/pubsub-redis`) or `postgresPubSub({ url })`
   * (`@trellis/pubsub-postgres`) reach every instance; the app opens and closes it.
   */
  readonly pubsub?: PubSub;
  /**
   * Where `@Idempotent` routes keep keys and responses (`store`: in memory by default,
   * `redisIdempotencyStore()` from `@trellis/store-redis` for several instances), for how long
   * (`ttl`, seconds, default 24 hours) and whose keys are whose (`scope`). The app closes the store.
   */
  readonly idempotency?: IdempotencyAppOptions;
  /**
   * An MCP server on the app's own routes (Streamable HTTP, stateless, at `/mcp`): each routed
   * operation is a tool (see `@McpTool`), called through the same pipeline as HTTP. Needs
   * `@trellis/mcp`. Default off.
   */
  readonly mcp?: boolean | McpOptions;
}

/** The default `limits.body`: 1 MiB. */
export const defaultBodyLimit = 1024 * 1024;
