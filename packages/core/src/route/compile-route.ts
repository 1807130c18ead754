import {
  deadlineSlot,
  mediaTypeSlot,
  type ResponseState,
  requestSlot,
} from "../controller/response-state.js";
import { NotAcceptableException } from "../errors/http-exceptions.js";
import { consoleLogger, type Logger } from "../errors/logger.js";
import { withoutStack } from "../errors/without-stack.js";
import {
  type StageCompileContext,
  withFeatureStages,
  withHandlerHooks,
} from "../feature/compile-stages.js";
import { compileNegotiation } from "../http/negotiate.js";
import type { RouteHandler } from "../http/route-handler.js";
import type { BodyEncoding } from "../http/vocabulary.js";
import type { RouteObserver, SocketObserver } from "../observability/app-observer.js";
import type { BodyBinding, Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { RouteExecutionContext } from "../pipeline/execution-context.js";
import { timeoutSignal } from "../pipeline/request-deadline.js";
import type { RoutePipeline } from "../pipeline/route-pipeline.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { planArguments } from "../request/argument-plan.js";
import {
  type ArgumentPlan,
  PendingArgument,
  type PlanContext,
} from "../request/argument-stages.js";
import type { BodyPlan } from "../request/read-body.js";
import { fileTypeRules } from "../request/read-multipart.js";
import { RequestInputs } from "../request/request-inputs.js";
import { eventStreamHead } from "./event-stream.js";
import { invoker, type Method } from "./invoke-handler.js";
import { plainRun } from "./plain-run.js";
import { readingBody } from "./reading-body.js";
import { responseCheck, routeSerializer } from "./route-serializer.js";
import {
  withAccess,
  withRequestContext,
  withRouteMiddleware,
  withTimeout,
} from "./route-wrappers.js";

/** What compiling one operation needs, besides the operation. */
export interface RouteCompileContext extends PlanContext {
  /** The controller instance the handler runs on (through a per-request object). */
  readonly instance: object;
  /**
   * For a controller that needs request-scoped providers: makes its instance for one request
   * (then `instance` is only where the handler method is looked up).
   */
  readonly perRequest?: (request: Request) => object;
  readonly respondError: ErrorResponder;
  /** The optional stages of this route (guards, interceptors, ...); none when absent. */
  readonly pipeline?: RoutePipeline;
  /** Content codings request bodies may use (`bodyEncodings`); none: 415. */
  readonly bodyEncodings?: readonly BodyEncoding[];
  /** Where failures no client sees are reported (an event stream that breaks); the console by default. */
  readonly logger?: Logger;
  /** Where open event streams register how to end them (for `app.close`). */
  readonly streams?: Set<() => void>;
  /** Set when the app has an observer (`plugins`): wrapped around the route and its stages. */
  readonly observation?: RouteObserver;
  /** Set when the app observes requests: told of each WebSocket upgrade. */
  readonly sockets?: SocketObserver;
  /** The app's route features, for the stages of a route that uses one. */
  readonly features?: StageCompileContext;
}

/**
 * Compiles one operation into its handler. Everything per route is decided here, once: which
 * inputs exist, how each is read, coerced and validated, whether the body is read at all. The
 * stages run in a fixed order (match happens before the handler is called):
 *   [middleware] → [security, guards] → read inputs → validate → [interceptors] → handler →
 *   [response validation] → serialize
 * Stages in brackets exist only on routes that have them: a route without them runs exactly the
 * code it would run if the pipeline did not exist, and one without a body and with a synchronous
 * handler answers without creating a promise.
 */
export function compileRoute(operation: Operation, context: RouteCompileContext): RouteHandler {
  const { instance, respondError, observation } = context;
  // With traces on, each stage is a child span: the same code, wrapped at startup.
  const stages = observation?.stages;
  const perRequest = stages ? stages.perRequest(context.perRequest, instance) : context.perRequest;
  const { access, intercept, middleware, checkResponse, requestContext } = context.pipeline ?? {};
  const method = (instance as Record<string, unknown>)[operation.handlerName] as Method;
  const plans = planArguments(operation, context);
  const arity = plans.length;
  const paramNames = operation.pathParams;
  const bodyBinding = operation.bindings.find(
    (binding): binding is BodyBinding => binding.kind === "body",
  );
  const fileTypes = bodyBinding && fileTypeRules(bodyBinding, context.registry);
  const bodyPlan: BodyPlan | undefined = bodyBinding && {
    contentType: bodyBinding.contentType,
    limit: operation.bodyLimit,
    required: bodyBinding.required,
    ...(context.bodyEncodings?.length ? { encodings: context.bodyEncodings } : {}),
    ...(fileTypes ? { fileTypes } : {}),
  };

  const serialize = routeSerializer(
    operation,
    checkResponse,
    context.logger ?? consoleLogger,
    context.streams,
    // 2xx bodies carry what their `@Returns` declares, unless the route sends undeclared ones.
    context.pipeline?.sendUndeclared === true ? undefined : context.registry,
  );
  const check = operation.sse === undefined ? responseCheck(operation, checkResponse) : undefined;
  const serialized =
    check === undefined
      ? (request: Request, state: ResponseState, value: unknown): Response => {
          try {
            return serialize(state, value);
          } catch (error) {
            return respondError(error, request, operation);
          }
        }
      : (request: Request, state: ResponseState, value: unknown): Response | Promise<Response> => {
          try {
            // Stage: response validation, on what the interceptors made of the handler's value.
            const checked = check(state, value);
            // An asynchronous validator's verdict comes later.
            if (checked instanceof PendingArgument) {
              return checked.settled.then(
                (settled) => serialize(state, settled),
                (error: unknown) => respondError(error, request, operation),
              );
            }
            return serialize(state, checked);
          } catch (error) {
            return respondError(error, request, operation);
          }
        };

  const answered = stages ? stages.finish(serialized) : serialized;
  // Route features around the handler: what it finds on `this`, how its value is answered.
  const hooks = withHandlerHooks(answered, operation, context.features);
  const finish = hooks.answer;
  const enter = hooks.enter;
  const invoke = stages ? stages.handler(invoker(method, arity)) : invoker(method, arity);
  const timed = operation.timeout !== undefined;
  const sse = operation.sse !== undefined;
  const negotiate =
    operation.produces.length > 0 ? compileNegotiation(operation.produces) : undefined;
  const notAcceptable = () =>
    withoutStack(
      () =>
        new NotAcceptableException(
          `This operation produces ${operation.produces.join(", ")}; the Accept header allows none of them.`,
        ),
    );

  // read inputs → validate → handler → serialize, for a request whose body (if any) is read. It
  // is itself the handler of a route without a body: no wrapper frame around it per request.
  // After an asynchronous validation it runs again with the settled arguments and their inputs.
  const run = (
    request: Request,
    params: readonly string[] | undefined,
    decoded?: boolean,
    body?: unknown,
    settledArgs?: unknown[],
    settledInputs?: RequestInputs,
  ): Response | Promise<Response> => {
    // Nothing thrown (by a handler, an adapter, a serializer) ever escapes to the server.
    try {
      let mediaType: string | undefined;
      if (negotiate !== undefined) {
        mediaType = negotiate(request.headers.get("accept"));
        if (mediaType === undefined) return respondError(notAcceptable(), request, operation);
      }
      let args: unknown[];
      let inputs = settledInputs;
      if (settledArgs !== undefined) args = settledArgs;
      else {
        args = new Array(arity);
        if (arity > 0) {
          // Stage: read inputs (path, query, headers, cookies; the body is read already).
          const read = new RequestInputs(request, params, decoded === true, paramNames, body);
          inputs = read;
          for (let index = 0; index < arity; index++) {
            args[index] = (plans[index] as ArgumentPlan | undefined)?.read(read);
          }
          // Stage: validate every input; all issues are reported together.
          let pending: Promise<unknown>[] | undefined;
          for (let index = 0; index < arity; index++) {
            const validate = plans[index]?.validate;
            if (!validate) continue;
            const value = validate(args[index], read);
            if (value instanceof PendingArgument) {
              pending ??= [];
              pending.push(value.settled.then((settled) => (args[index] = settled)));
            } else args[index] = value;
          }
          // A validator answered with a promise: the rest runs once every one has settled.
          if (pending !== undefined) {
            const settledArgs = args;
            return Promise.all(pending).then(
              () => run(request, params, decoded, body, settledArgs, read),
              (error: unknown) => respondError(error, request, operation),
            );
          }
        }
      }
      if (inputs?.issues !== undefined) {
        return respondError.invalid(inputs.issues, request, operation);
      }
      // HEAD on an event stream (from Bun's map or `fetch`): checked, answered, never streamed.
      if (sse && request.method === "HEAD") return eventStreamHead();
      // Stage: handler, on a fresh object per request that inherits from the one instance (or,
      // for a request-scoped controller, on its own instance made for this request).
      const state: ResponseState =
        perRequest === undefined ? Object.create(instance) : perRequest(request);
      state[requestSlot] = request;
      if (timed) state[deadlineSlot] = timeoutSignal(request);
      if (mediaType !== undefined) state[mediaTypeSlot] = mediaType;
      if (enter !== undefined) enter(request, state);
      if (intercept !== undefined) {
        // Stage: interceptors around the handler (always asynchronous: `next()` is a promise).
        const execution = new RouteExecutionContext(request, params, decoded, operation);
        return intercept(execution, () => invoke(state, args)).then(
          (value) => finish(request, state, value),
          (error: unknown) => respondError(error, request, operation),
        );
      }
      const result = invoke(state, args);
      // Stage: serialize (after the promise, only when the handler returned one).
      if (isThenable(result)) {
        return Promise.resolve(result).then(
          (value) => finish(request, state, value),
          (error: unknown) => respondError(error, request, operation),
        );
      }
      return finish(request, state, result);
    } catch (error) {
      return respondError(error, request, operation);
    }
  };

  // A plain route runs without the stages it does not have (see plain-run.ts).
  const plain =
    negotiate === undefined &&
    !timed &&
    !sse &&
    enter === undefined &&
    intercept === undefined &&
    perRequest === undefined &&
    stages === undefined
      ? plainRun({
          plans,
          paramNames,
          method,
          instance,
          finish,
          // Without a response check or a feature around it, `finish` is the serializer in a `try`.
          serialize: check === undefined && finish === answered ? serialize : undefined,
          respondError,
          operation,
          general: run,
        })
      : undefined;
  const runs = plain ?? run;
  let handler: RouteHandler = bodyPlan
    ? readingBody(bodyPlan, runs, respondError, operation)
    : runs;
  if (stages && (arity > 0 || bodyPlan)) handler = stages.inputs(handler);
  // Stages before reading inputs, innermost first: each wrapper exists only when needed.
  handler = withFeatureStages(handler, operation, "after-guards", context.features);
  if (access !== undefined) {
    const checked = stages ? stages.guards(access) : access;
    handler = withAccess(handler, checked, respondError, operation);
  }
  // Before guards (a rate limit: a client over its limit costs no credential check).
  handler = withFeatureStages(handler, operation, "before-guards", context.features);
  if (middleware !== undefined) handler = withRouteMiddleware(handler, middleware);
  // Around the route's middleware: the timeout covers all of the route's work.
  if (operation.timeout !== undefined) {
    handler = withTimeout(handler, operation.timeout, respondError, operation);
  }
  if (requestContext === true) handler = withRequestContext(handler, operation);
  if (observation !== undefined) handler = observation.enter(handler);
  return handler;
}
