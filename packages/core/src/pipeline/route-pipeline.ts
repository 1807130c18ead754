import { configError } from "../errors/core-config-error.js";
import type { Logger } from "../errors/logger.js";
import type { RequestIdPolicy } from "../http/request-id.js";
import type { Operation } from "../operation/operation.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import {
  type AccessCheck,
  compileAccessCheck,
  type NamedGuard,
  type SecurityCheck,
} from "./access-check.js";
import { itemName } from "./check-pipeline-items.js";
import type { ErrorResponder } from "./error-responder.js";
import type { Guard } from "./guard.js";
import type { InterceptorItem } from "./interceptor.js";
import { composeInterceptors, type InterceptorChain } from "./interceptor-chain.js";
import { composeMiddleware, type Middleware, type MiddlewareChain } from "./middleware.js";
import type { InterceptorCall, PipelineItems } from "./resolve-pipeline-items.js";
import {
  compileResponseCheck,
  type ResponseCheck,
  type ResponseValidationMode,
} from "./response-validation.js";
import type { RouteConfig } from "./route-config.js";
import { securityChallenge } from "./security-challenge.js";

/** The stages one route has beyond reading inputs and calling the handler; absent ones cost nothing. */
export interface RoutePipeline {
  readonly access?: AccessCheck;
  readonly intercept?: InterceptorChain;
  readonly middleware?: MiddlewareChain;
  readonly checkResponse?: ResponseCheck;
  /** Run the route inside the request context (`getRequestContext()`). */
  readonly requestContext?: boolean;
  /** `@SendUndeclared` (or the app's `sendUndeclared`): bodies go as returned, not as declared. */
  readonly sendUndeclared?: boolean;
}

/** The app-wide pipeline, as `createApp`'s options give it, checked and typed. */
export interface PipelineSettings {
  /** Guards run before every route's own. */
  readonly guards: readonly Guard[];
  /** Interceptors around every handler, outside the route's own. */
  readonly interceptors: readonly InterceptorItem[];
  /** Middleware around every answer. */
  readonly middleware: readonly Middleware[];
  /** The runtime check of each security scheme, by scheme name. */
  readonly security: ReadonlyMap<string, Guard>;
  /** The document's security scheme declarations: they decide each 401's challenge. */
  readonly securitySchemes: Readonly<Record<string, unknown>>;
  /** The realm of Basic challenges (the service name). */
  readonly realm: string | undefined;
  /** The app's response validation, for routes without `@ValidateResponse`. */
  readonly validateResponse: ResponseValidationMode;
  /** Run requests inside the request context (`getRequestContext()`). */
  readonly requestContext: boolean;
  /** Send what handlers return whole, for routes without `@SendUndeclared` (default false). */
  readonly sendUndeclared?: boolean;
  /** How requests are named (`X-Request-ID`); absent when request ids are off. */
  readonly requestId?: RequestIdPolicy;
}

/** The app's items followed by the route's own, resolved; the app's list when it has none. */
function withOwn<I, T>(
  app: readonly T[],
  own: readonly I[],
  resolve: (item: I, index: number) => T,
) {
  if (own.length === 0) return app;
  return [...app, ...own.map(resolve)];
}

/**
 * Resolves the app's pipeline once (global guards, interceptors, security checks) and, per
 * operation, decides which stages exist and compiles them.
 */
export class PipelineBuilder {
  private readonly guards: readonly NamedGuard[];
  private readonly interceptors: readonly InterceptorCall[];
  private readonly security = new Map<string, NamedGuard>();
  private readonly challenges = new Map<string, string | undefined>();
  /** The app's global middleware, composed (undefined when there is none). */
  readonly globalMiddleware: MiddlewareChain | undefined;

  constructor(
    private readonly settings: PipelineSettings,
    private readonly items: PipelineItems,
    private readonly compiler: SchemaCompiler,
    private readonly logger: Logger,
    private readonly respondError: ErrorResponder,
  ) {
    this.guards = settings.guards.map((item, index) => ({
      name: itemName(item, `guards[${index}]`),
      check: items.guard(item),
    }));
    this.interceptors = settings.interceptors.map((item) => items.interceptor(item));
    this.globalMiddleware =
      settings.middleware.length > 0
        ? composeMiddleware(settings.middleware, respondError)
        : undefined;
    for (const [scheme, guard] of settings.security) {
      this.security.set(scheme, {
        name: `${itemName(guard, "guard")} (security scheme "${scheme}")`,
        check: items.guard(guard),
      });
      const declaration = settings.securitySchemes[scheme];
      this.challenges.set(scheme, securityChallenge(declaration, settings.realm ?? scheme));
    }
  }

  /** The stages of one operation, checked and compiled. */
  forOperation(operation: Operation, config: RouteConfig): RoutePipeline {
    const where = `${operation.controller.name}.${operation.handlerName}`;
    const security: SecurityCheck[] = [];
    const challenges: string[] = [];
    for (const { scheme, scopes } of operation.security) {
      const guard = this.security.get(scheme);
      if (guard === undefined) {
        throw configError("UNGUARDED_SECURITY_SCHEME", [
          `${where} (${operation.method} ${operation.path})`,
          scheme,
          JSON.stringify(scheme),
        ]);
      }
      security.push({ ...guard, scopes });
      const challenge = this.challenges.get(scheme);
      if (challenge !== undefined && !challenges.includes(challenge)) challenges.push(challenge);
    }

    // Most routes add no items of their own: they share the app's lists as they are.
    const guards = withOwn(this.guards, config.guards, (item, index) => ({
      name: itemName(item, `@UseGuards item ${index}`),
      check: this.items.guard(item, operation.controller),
    }));
    const interceptors = withOwn(this.interceptors, config.interceptors, (item) =>
      this.items.interceptor(item, operation.controller),
    );
    const { middleware } = config;
    const mode = config.validateResponse ?? this.settings.validateResponse;

    const pipeline: {
      -readonly [K in keyof RoutePipeline]: RoutePipeline[K];
    } = {};
    const access = compileAccessCheck(operation, security, guards, challenges);
    if (access) pipeline.access = access;
    if (interceptors.length > 0) pipeline.intercept = composeInterceptors(interceptors);
    if (middleware.length > 0) {
      pipeline.middleware = composeMiddleware(middleware, this.respondError, operation);
    }
    const checkResponse = compileResponseCheck(operation, mode, this.compiler, this.logger);
    if (checkResponse) pipeline.checkResponse = checkResponse;
    if (this.settings.requestContext) pipeline.requestContext = true;
    if (config.sendUndeclared ?? this.settings.sendUndeclared === true) {
      pipeline.sendUndeclared = true;
    }
    return pipeline;
  }
}
