import type { Provider } from "../di/provider.js";
import type { DocsOptions } from "../docs/resolve-docs-plugin.js";
import type { Logger } from "../errors/logger.js";
import type { RequestIdOptions } from "../http/request-id.js";
import type { BodyEncoding } from "../http/vocabulary.js";
import type { OpenApiOptions } from "../openapi/openapi-options.js";
import type { VersioningOptions } from "../operation/versioning-options.js";
import type { ErrorFormatter } from "../pipeline/error-formatter.js";
import type { Guard } from "../pipeline/guard.js";
import type { InterceptorItem } from "../pipeline/interceptor.js";
import type { Middleware } from "../pipeline/middleware.js";
import type { ResponseValidation } from "../pipeline/response-validation.js";
import type { PubSub } from "../pubsub/pubsub.js";
import type { SchemaAdapter } from "../schema/schema-adapter.js";
import type { WebSocketOptions } from "../websocket/websocket-options.js";
import type { Plugin } from "./plugin-list.js";

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
    /**
     * Content codings a request body may use (`["gzip", "deflate"]`): decoded while read, with
     * `body` bounding both the coded bytes and the decoded ones. Default none: a coded body is
     * 415.
     */
    readonly bodyEncodings?: readonly BodyEncoding[];
  };
  /**
   * Everything that extends the app, in one list: route features with their app options, in
   * stage order (the first runs outermost), such as `rateLimits({ store, limit, window })` from
   * `@trellis/rate-limit`; app plugins, mounted in order, such as `healthChecks()` from
   * `@trellis/health` or `mcpServer()` from `@trellis/mcp`; and at most one observer,
   * `openTelemetry()` from `@trellis/otel`. A feature whose decorator is used but that is not
   * listed here runs with its defaults. `buildDocument` reads the route features only. See
   * docs/writing-a-feature.md.
   */
  readonly plugins?: readonly Plugin[];
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
  /** Make `getRequestContext()` work in this app's requests (default false: it costs a little). */
  readonly requestContext?: boolean;
  /**
   * Request ids. By default an id is made only when something asks for one (an error answer, a
   * log line, a span, `getRequestId(request)`): the problem+json body (`requestId`) and the log
   * line of an error share it, and no answer pays for a header. `true` (or options) gives every
   * request an id echoed in `X-Request-ID` on every answer; `{ trust: true }` keeps the id a
   * request brings (only behind a proxy of yours that sets it); `header` and `generate` change
   * the header and the generator. See docs/errors.md.
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
}

/** The default `limits.body`: 1 MiB. */
export const defaultBodyLimit = 1024 * 1024;
