import { context, type Span, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import { HttpException } from "../errors/http-exception.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { Operation } from "../operation/operation.js";
import type { AccessCheck } from "../pipeline/access-check.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { attr } from "./http-attributes.js";
import { type RequestRecord, requestRecords } from "./request-record.js";

type Invoke = (state: object, args: unknown[]) => unknown;
type Finish = (request: Request, state: never, value: unknown) => Response | Promise<Response>;

/**
 * What the route compiler wraps around one route's stages when its app observes requests; made at
 * startup, and only then: a route of an app that does not observe runs today's code unchanged.
 */
export interface RouteObservation {
  /** Tells the request's record which route and operation took it. */
  enter(handler: RouteHandler): RouteHandler;
  /** Child spans of the stages, when traces are on (`telemetry.stages`, default true). */
  readonly stages?: RouteStages;
}

/** Wrappers that make each stage of a route a child span of the request's server span. */
export interface RouteStages {
  /** `guards`: security requirements and guards. */
  guards(access: AccessCheck): AccessCheck;
  /** `validation`: reading the inputs (the body too) and validating them, until the handler starts. */
  inputs(handler: RouteHandler): RouteHandler;
  /** Makes the per-request object the handler runs on, remembering its request. */
  perRequest(
    made: ((request: Request) => object) | undefined,
    instance: object,
  ): (request: Request) => object;
  /** `handler`: the handler itself (the current span for the spans it makes). */
  handler(invoke: Invoke): Invoke;
  /** `serialization`: response validation and serialization. */
  finish<F extends Finish>(finish: F): F;
}

// The request of each per-request object, so the handler stage (which sees only the object) finds it.
const stateRecords = new WeakMap<object, RequestRecord>();

const settle = (span: Span, error?: unknown): void => {
  if (error !== undefined && !(error instanceof HttpException && error.status < 500)) {
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/** Ends `span` when `value` settles (now, for a plain value); returns `value`. */
function endWhenSettled<T>(span: Span, value: T): T {
  if (!isThenable(value)) {
    span.end();
    return value;
  }
  return Promise.resolve(value).then(
    (settled) => {
      span.end();
      return settled;
    },
    (error: unknown) => {
      settle(span, error);
      throw error;
    },
  ) as T;
}

function stages(operation: Operation, tracer: Tracer): RouteStages {
  const where = `${operation.controller.name}.${operation.handlerName}`;
  const start = (record: RequestRecord | undefined, name: string): Span | undefined =>
    record?.context === undefined
      ? undefined
      : tracer.startSpan(name, { attributes: { [attr.stage]: name } }, record.context);
  return {
    guards: (access) => (request, params, decoded) => {
      const span = start(requestRecords.get(request), "guards");
      if (span === undefined) return access(request, params, decoded);
      try {
        return endWhenSettled(span, access(request, params, decoded));
      } catch (error) {
        settle(span, error);
        throw error;
      }
    },
    inputs: (handler) => (request, params, decoded) => {
      const record = requestRecords.get(request);
      if (record !== undefined) record.stage = start(record, "validation");
      return handler(request, params, decoded);
    },
    perRequest: (made, instance) => (request) => {
      const state = made === undefined ? Object.create(instance) : made(request);
      const record = requestRecords.get(request);
      if (record !== undefined) {
        stateRecords.set(state, record);
        record.stage?.end(); // validation is over: the handler is next
        record.stage = undefined;
      }
      return state;
    },
    handler: (invoke) => (state, args) => {
      const record = stateRecords.get(state);
      const span = start(record, "handler");
      if (span === undefined || record?.context === undefined) return invoke(state, args);
      span.setAttribute(attr.functionName, where);
      const current = trace.setSpan(record.context, span);
      try {
        return endWhenSettled(span, context.with(current, invoke, undefined, state, args));
      } catch (error) {
        settle(span, error);
        throw error;
      }
    },
    finish: <F extends Finish>(finish: F): F =>
      ((request: Request, state: never, value: unknown) => {
        const span = start(requestRecords.get(request), "serialization");
        if (span === undefined) return finish(request, state, value);
        return endWhenSettled(span, finish(request, state, value));
      }) as F,
  };
}

/** The observation of one route, or undefined when nothing observes requests. */
export function routeObservation(
  operation: Operation,
  tracer: Tracer | undefined,
  withStages: boolean,
): RouteObservation {
  const route = operation.openapiPath;
  const operationId = operation.docs.operationId;
  return {
    enter: (handler) => (request, params, decoded) => {
      const record = requestRecords.get(request);
      if (record !== undefined) {
        record.route = route;
        record.operationId = operationId;
      }
      return handler(request, params, decoded);
    },
    ...(tracer !== undefined && withStages ? { stages: stages(operation, tracer) } : {}),
  };
}
