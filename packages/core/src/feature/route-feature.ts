import type { Logger } from "../errors/logger.js";
import type { TrustedAddressHeader } from "../http/client-address.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { MethodMetadata } from "../metadata/metadata-store.js";
import type { DocumentFragment, ToolFragment } from "../operation/feature-use.js";
import type { Operation } from "../operation/operation.js";
import type { SettingFound } from "../operation/route-setting.js";

/** Where a feature's setting for one route came from: core resolved method > class > app. */
export interface FeatureSetting<Setting> {
  readonly value: Setting;
  readonly from: "method" | "class" | "app";
}

/**
 * Where an app runs, as startup sees it: what a feature needs to warn its operator (a store of one
 * process in what looks like a deployment of several instances).
 */
export interface Deployment {
  /** The pub/sub engine's name (`pubsub.status().engine`): `in-process` unless `createApp({ pubsub })` names another. */
  readonly pubsub: string;
  /** True when `NODE_ENV` is `production`. */
  readonly production: boolean;
  /** The app's logger, for startup warnings. */
  readonly logger: Logger;
}

/** What planning one route gives a feature besides its setting. */
export interface PlanContext {
  /** `"Class.method"`, for messages. */
  readonly where: string;
  /** Where the app runs; undefined when only a document is built (`buildDocument`). */
  readonly deployment?: Deployment;
  /**
   * How this route finds a request's client address: the trusted proxy header when given, else
   * the connection's address. Asking makes the app remember each request's server (only then).
   */
  clientAddress(trusted?: TrustedAddressHeader): (request: Request) => string | undefined;
}

/** What a feature's stage is compiled with, once per route. */
export interface StageContext {
  readonly operation: Operation;
  /** `"Class.method"`, for messages. */
  readonly where: string;
  readonly logger: Logger;
  /** Answers anything thrown (an `HttpException` or not) as the app's problem+json would. */
  respond(error: unknown, request: Request): Response;
  /** The header that carries the request id, lower case (undefined when ids are off). */
  readonly requestIdHeader: string | undefined;
}

/**
 * Where a stage runs in a route's fixed order:
 *   [route middleware] → "before-guards" → [security, guards] → "after-guards" → read inputs → ...
 * Stages of one place run in the order of `createApp({ plugins })`, the first outermost.
 */
export type StagePlace = "before-guards" | "after-guards";

/** A feature's per-route stage: wraps the rest of the route, compiled once at startup. */
export interface FeatureStage<Plan> {
  readonly place: StagePlace;
  /**
   * The place of one route's stage when it depends on the plan (a rate limit counted by the
   * principal runs after the security check that establishes it; one counted by address, before);
   * absent: `place`.
   */
  placeOf?(plan: Plan): StagePlace;
  compile(plan: Plan, next: RouteHandler, context: StageContext): RouteHandler;
}

/**
 * How the handler's value becomes the route's answer, for one request: `state` is the handler's
 * `this` for that request, `value` what it returned (after interceptors). Core's own is the
 * serializer (with response validation); a `handler` stage's `answer` wraps it.
 */
export type AnswerHandler = (
  request: Request,
  state: object,
  value: unknown,
) => Response | Promise<Response>;

/** What a feature does around the handler of each request on one route (both optional). */
export interface HandlerHooks {
  /**
   * Before the handler runs, on its `this` for this request: set the feature's own (symbol) slots
   * there, for the handler or a `Controller` method to read. A throw answers the request as an
   * error, the handler not run.
   */
  readonly enter?: (request: Request, state: object) => void;
  /**
   * The answer of a handler that returned (not of one that threw): calls `next` (given to
   * `compile`) for the serialized `Response` and may change or replace it. Answer errors with
   * `context.respond`: it must not throw.
   */
  readonly answer?: AnswerHandler;
}

/**
 * A feature's work around the handler, compiled once per route that has a plan: what the handler
 * finds on `this` (`enter`) and how its value is answered (`answer`). Both run after the inputs are
 * read and validated: `enter` before the interceptors, `answer` on what they made of the value.
 */
export interface HandlerStage<Plan> {
  compile(plan: Plan, next: AnswerHandler, context: StageContext): HandlerHooks;
}

/**
 * A per-route feature: the one way one enters Trellis. Its decorator records through `key`; core
 * resolves each route's setting (the method's, else the class's, else `appSetting`; `false` turns
 * it off), asks `plan` for the route's plan (startup checks throw `TrellisConfigError`), compiles
 * `stage` and `handler` into the routes that have a plan (the others pay nothing), and adds `document` to the
 * OpenAPI operation and `tool` to the MCP tool. Made by the feature's factory, once per app.
 */
export interface RouteFeature<Setting = unknown, Plan = unknown> {
  /** A unique name (`"rate-limit"`): two features of one name in one app are a startup error. */
  readonly name: string;
  readonly key: FeatureKey<Setting>;
  /** The app-wide setting, for routes with no decorator of their own; undefined: none. */
  readonly appSetting?: Setting;
  /** The route's plan, checked; undefined: the route does not use the feature. */
  plan(
    setting: FeatureSetting<Setting>,
    operation: Operation,
    context: PlanContext,
  ): Plan | undefined;
  /** The route's stage; absent: the feature only documents. */
  readonly stage?: FeatureStage<Plan>;
  /** Work around the route's handler (its `this`, its answer); absent: none. */
  readonly handler?: HandlerStage<Plan>;
  /** What the route's OpenAPI operation gains (plain JSON Schema; core renders the dialect). */
  document?(plan: Plan, operation: Operation): DocumentFragment | undefined;
  /** The arguments the route's MCP tool gains (sent as the parameters they describe). */
  tool?(plan: Plan, operation: Operation): ToolFragment | undefined;
  /** Checks across routes, once every route is planned (policies that must agree). */
  check?(uses: readonly { readonly operation: Operation; readonly plan: Plan }[]): void;
  /** Called by `app.close()` (stores, connections the feature opened). */
  close?(): void | Promise<void>;
}

/**
 * Where one feature's decorator records what it was given, on a class or a method. Every feature
 * has one; core alone reads it, so "the method's wins over the class's, both over the app's" is
 * decided in one place for every feature.
 */
export interface FeatureKey<Setting> {
  /** The decorator's name as messages quote it (`"@RateLimit"`). */
  readonly decorator: string;
  /**
   * The decorator body: records `value` on the class or method it decorates. `false` turns an
   * inherited (class or app) setting off for that target.
   */
  record(value: Setting | false): ClassDecorator & MethodDecorator;
  /** The method's value, else the nearest class's (core's reading; features never call it). */
  read(controller: Function, method: MethodMetadata): SettingFound;
  /**
   * The feature with its defaults, for an app that uses the decorator without listing the feature
   * in `createApp({ plugins })`.
   */
  readonly defaults: () => RouteFeature<Setting>;
}
