import type { AppOptions } from "../app/app-options.js";
import type { Logger } from "../errors/logger.js";
import type { ErrorResponder } from "./error-responder.js";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { Operation } from "../operation/operation.js";
import type { SchemaCompiler } from "../schema/schema-compiler.js";
import {
  type AccessCheck,
  compileAccessCheck,
  type NamedGuard,
  type SecurityCheck,
} from "./access-check.js";
import { composeInterceptors, type InterceptorChain } from "./interceptor-chain.js";
import { composeMiddleware, type Middleware, type MiddlewareChain } from "./middleware.js";
import type { InterceptorCall, PipelineItems } from "./resolve-pipeline-items.js";
import {
  compileResponseCheck,
  type ResponseCheck,
  responseValidationMode,
} from "./response-validation.js";
import { securityChallenge } from "./security-challenge.js";

/** The stages one route has beyond reading inputs and calling the handler; absent ones cost nothing. */
export interface RoutePipeline {
  readonly access?: AccessCheck;
  readonly intercept?: InterceptorChain;
  readonly middleware?: MiddlewareChain;
  readonly checkResponse?: ResponseCheck;
  /** Run the route inside the request context (`getRequestContext()`). */
  readonly requestContext?: boolean;
}

const nameOf = (item: unknown, fallback: string): string =>
  typeof item === "function" && item.name !== ""
    ? item.name
    : item !== null && typeof item === "object"
      ? (item.constructor?.name ?? fallback)
      : fallback;

/** The app's items followed by the operation's own, resolved; the app's list when it has none. */
function withOwn<T>(
  app: readonly T[],
  own: readonly unknown[] | undefined,
  resolve: (item: unknown, index: number) => T,
): readonly T[] {
  if (own === undefined || own.length === 0) return app;
  return [...app, ...own.map(resolve)];
}

function listOption(value: unknown, option: string): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new TrellisConfigError("INVALID_OPTION", `createApp: ${option} must be an array.`);
  }
  return value;
}

/**
 * Resolves the app's pipeline once (global guards, interceptors, security checks, the response
 * validation default) and, per operation, decides which stages exist and compiles them.
 */
export class PipelineBuilder {
  private readonly guards: readonly NamedGuard[];
  private readonly interceptors: readonly InterceptorCall[];
  private readonly security = new Map<string, NamedGuard>();
  private readonly challenges = new Map<string, string | undefined>();
  private readonly requestContext: boolean;
  /** The app's global middleware, composed (undefined when there is none). */
  readonly globalMiddleware: MiddlewareChain | undefined;

  constructor(
    private readonly options: AppOptions,
    private readonly items: PipelineItems,
    private readonly compiler: SchemaCompiler,
    private readonly logger: Logger,
    private readonly respondError: ErrorResponder,
  ) {
    this.guards = listOption(options.guards, "guards").map((item, index) => ({
      name: nameOf(item, `guards[${index}]`),
      check: items.guard(item, `createApp guards[${index}]`),
    }));
    this.interceptors = listOption(options.interceptors, "interceptors").map((item, index) =>
      items.interceptor(item, `createApp interceptors[${index}]`),
    );
    const middleware = listOption(options.middleware, "middleware").map((item, index) =>
      items.middleware(item, `createApp middleware[${index}]`),
    );
    this.globalMiddleware =
      middleware.length > 0 ? composeMiddleware(middleware, respondError) : undefined;

    const security = options.security as unknown;
    if (security !== undefined && (security === null || typeof security !== "object")) {
      throw new TrellisConfigError(
        "INVALID_OPTION",
        "createApp: security must be an object mapping scheme names to guards.",
      );
    }
    const schemes = options.openapi?.securitySchemes ?? {};
    const realm = options.openapi?.service?.name;
    for (const [scheme, guard] of Object.entries(options.security ?? {})) {
      this.security.set(scheme, {
        name: `${nameOf(guard, "guard")} (security scheme "${scheme}")`,
        check: items.guard(guard, `createApp security.${scheme}`),
      });
      this.challenges.set(scheme, securityChallenge(schemes[scheme], realm ?? scheme));
    }

    if (options.requestContext !== undefined && typeof options.requestContext !== "boolean") {
      throw new TrellisConfigError(
        "INVALID_OPTION",
        "createApp: requestContext must be a boolean.",
      );
    }
    this.requestContext = options.requestContext === true;
    responseValidationMode(options.validateResponse, "createApp validateResponse");
  }

  /** The stages of one operation, checked and compiled. */
  forOperation(operation: Operation): RoutePipeline {
    const where = `${operation.controller.name}.${operation.handlerName}`;
    const security: SecurityCheck[] = [];
    const challenges: string[] = [];
    for (const { scheme, scopes } of operation.security) {
      const guard = this.security.get(scheme);
      if (guard === undefined) {
        throw new TrellisConfigError(
          "UNGUARDED_SECURITY_SCHEME",
          `${where} (${operation.method} ${operation.path}) requires the security scheme "${scheme}", but createApp's security option gives no runtime check for it; add security: { ${JSON.stringify(scheme)}: guard }.`,
        );
      }
      security.push({ ...guard, scopes });
      const challenge = this.challenges.get(scheme);
      if (challenge !== undefined && !challenges.includes(challenge)) challenges.push(challenge);
    }

    // Most routes add no items of their own: they share the app's lists as they are.
    const guards = withOwn(this.guards, operation.guards, (item, index) => ({
      name: nameOf(item, `@UseGuards item ${index}`),
      check: this.items.guard(item, `${where} @UseGuards`),
    }));
    const interceptors = withOwn(this.interceptors, operation.interceptors, (item) =>
      this.items.interceptor(item, `${where} @UseInterceptors`),
    );
    const middleware = withOwn<Middleware>([], operation.middleware, (item) =>
      this.items.middleware(item, `${where} @UseMiddleware`),
    );
    const setting = operation.validateResponse ?? this.options.validateResponse;

    const pipeline: {
      -readonly [K in keyof RoutePipeline]: RoutePipeline[K];
    } = {};
    const access = compileAccessCheck(operation, security, guards, challenges);
    if (access) pipeline.access = access;
    if (interceptors.length > 0) pipeline.intercept = composeInterceptors(interceptors);
    if (middleware.length > 0) {
      pipeline.middleware = composeMiddleware(middleware, this.respondError, operation);
    }
    const checkResponse = compileResponseCheck(operation, setting, this.compiler, this.logger);
    if (checkResponse) pipeline.checkResponse = checkResponse;
    if (this.requestContext) pipeline.requestContext = true;
    return pipeline;
  }

  /** True when requests run inside the request context. */
  get usesRequestContext(): boolean {
    return this.requestContext;
  }
}
