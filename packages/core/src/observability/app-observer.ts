import type { Logger } from "../errors/logger.js";
import type { RouteHandler, ServeHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { PubSub } from "../pubsub/pubsub.js";

/**
 * What `createApp({ telemetry })` takes, such as `openTelemetry()` of `@trellis/otel`: asked once,
 * at startup, how the app is observed.
 */
export interface AppTelemetry {
  /** Called once by `createApp`; `undefined`: nothing observes the app, no request pays for it. */
  observe(context: ObserveContext): AppObserver | undefined;
}

/** What `createApp` gives a telemetry when it installs it. */
export interface ObserveContext {
  /** The app's logger (the console's when the app was given none). */
  readonly logger: Logger;
}

/**
 * How an app reports its work, decided at startup. Core calls each member only in an app that has
 * an observer, and each optional one only when present.
 */
export interface AppObserver {
  /** Wraps every request's outermost handler; `route` is its template when one route reaches it. */
  request(handler: ServeHandler, route?: string): ServeHandler;
  /** Once per route at startup: what wraps that route (and its stages). */
  route(operation: Operation): RouteObserver;
  /** Told of each error answer before it is made. */
  readonly errors?: ErrorObserver;
  /** Wraps the app's publish/subscribe adapter, once (to count what is published). */
  pubsub?(pubsub: PubSub): PubSub;
  /** WebSocket upgrades, messages and open connections. */
  readonly sockets?: SocketObserver;
  /** The trace id of a request being answered, bound to its `getRequestLogger` lines. */
  traceId?(request: Request): string | undefined;
  /** The W3C trace context of a request being answered, carried with the events it publishes. */
  eventTrace?(request: Request): { traceparent: string; tracestate?: string } | undefined;
}

/** What wraps one route, made at startup. */
export interface RouteObserver {
  /** Wraps the whole route (outside its middleware): the request learns which route took it. */
  enter(handler: RouteHandler): RouteHandler;
  /** Wrappers of the route's stages (child spans, say); absent: the stages run unwrapped. */
  readonly stages?: RouteStageObserver;
}

// A stage's function, as the route compiler calls it: the request comes first.
type StageFunction = (request: Request, ...rest: never[]) => unknown;

/** Wrappers of the stages of one route, each applied once at startup. */
export interface RouteStageObserver {
  /** Wraps the security requirements and guards. */
  guards<F extends StageFunction>(check: F): F;
  /** Wraps reading and validating the inputs (the body too); it lasts until `perRequest` runs. */
  inputs(handler: RouteHandler): RouteHandler;
  /** Wraps making the per-request object the handler runs on (`made`, else inheriting `instance`). */
  perRequest(
    made: ((request: Request) => object) | undefined,
    instance: object,
  ): (request: Request) => object;
  /** Wraps calling the handler on its per-request object with its arguments. */
  handler(
    invoke: (state: object, args: unknown[]) => unknown,
  ): (state: object, args: unknown[]) => unknown;
  /** Wraps response validation and serialization. */
  finish<F extends StageFunction>(finish: F): F;
}

/** Told of each error answer of an app, before it is made. */
export interface ErrorObserver {
  /** Something thrown is answered (its status for an `HttpException`, else 500). */
  thrown(error: unknown, request: Request): void;
  /** A request's inputs failed validation: answered 400 with the `about:blank` problem type. */
  invalid(request: Request): void;
}

/**
 * How handling one WebSocket message ended: undefined when it went well, the status of the error
 * frame that refused it (4xx), or a failure (its status and the exception).
 */
export type MessageOutcome =
  | undefined
  | number
  | { readonly status: number; readonly error?: unknown };

/** Observes an app's WebSocket routes. */
export interface SocketObserver {
  /** The upgrade of `request` succeeded; `data` is the connection's (Bun's `ws.data`). */
  upgraded(request: Request, data: object): void;
  /** Runs `receive` for one message of the connection whose data is `data`. */
  message(data: object, receive: () => MessageOutcome | Promise<MessageOutcome>): void;
  /** Called once at startup in an app with WebSocket routes: `count()` reads the open connections. */
  connections?(count: () => number): void;
}
