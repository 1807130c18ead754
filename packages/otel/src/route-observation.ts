import { context, type Span, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import { HttpException } from "@trellis/core";
import type { Operation, RouteObserver, RouteStageObserver } from "@trellis/core/extend";
import { attr } from "./http-attributes.js";
import { type RequestRecord, requestRecords } from "./request-record.js";

type StageFunction = (request: Request, ...rest: never[]) => unknown;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === "object" || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function";

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

/** Stage wrappers that make each stage of a route a child span of the request's server span. */
function stages(operation: Operation, tracer: Tracer): RouteStageObserver {
  const where = `${operation.controller.name}.${operation.handlerName}`;
  const start = (record: RequestRecord | undefined, name: string): Span | undefined =>
    record?.context === undefined
      ? undefined
      : tracer.startSpan(name, { attributes: { [attr.stage]: name } }, record.context);
  return {
    guards: <F extends StageFunction>(access: F): F =>
      ((request: Request, ...rest: never[]) => {
        const span = start(requestRecords.get(request), "guards");
        if (span === undefined) return access(request, ...rest);
        try {
          return endWhenSettled(span, access(request, ...rest));
        } catch (error) {
          settle(span, error);
          throw error;
        }
      }) as F,
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
    finish: <F extends StageFunction>(finish: F): F =>
      ((request: Request, ...rest: never[]) => {
        const span = start(requestRecords.get(request), "serialization");
        if (span === undefined) return finish(request, ...rest);
        return endWhenSettled(span, finish(request, ...rest));
      }) as F,
  };
}

/** What wraps one route: its record learns the route; with traces and `stages`, stage spans. */
export function routeObservation(
  operation: Operation,
  tracer: Tracer | undefined,
  withStages: boolean,
): RouteObserver {
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
