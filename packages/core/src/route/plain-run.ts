import { type ResponseState, requestSlot } from "../controller/response-state.js";
import type { AnswerHandler } from "../feature/route-feature.js";
import type { Operation } from "../operation/operation.js";
import type { ErrorResponder } from "../pipeline/error-responder.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { type ArgumentPlan, PendingArgument } from "../request/argument-stages.js";
import { RequestInputs } from "../request/request-inputs.js";
import type { Method } from "./invoke-handler.js";
import type { Serializer } from "./serialize-result.js";

/** A route's read → validate → handler → serialize, for a request whose body (if any) is read. */
export type Run = (
  request: Request,
  params: readonly string[] | undefined,
  decoded?: boolean,
  body?: unknown,
  settledArgs?: unknown[],
  settledInputs?: RequestInputs,
) => Response | Promise<Response>;

/** What the plain run of one route holds, all decided at startup. */
export interface PlainRunParts {
  readonly plans: readonly (ArgumentPlan | undefined)[];
  readonly paramNames: readonly string[];
  readonly method: Method;
  readonly instance: object;
  /** The answer of the handler's value: the serializer itself when nothing wraps it. */
  readonly finish: AnswerHandler;
  /**
   * The serializer, when `finish` is only it and its catch: the synchronous path then calls it
   * inside its own `try` (one frame less per request).
   */
  readonly serialize: Serializer | undefined;
  readonly respondError: ErrorResponder;
  readonly operation: Operation;
  /** The general run, which finishes a request whose validation answered with a promise. */
  readonly general: Run;
}

const noPlan: ArgumentPlan = { read: () => undefined, validate: undefined };

/**
 * The run of a plain route (no negotiation, timeout, event stream, interceptor, feature hook or
 * request-scoped controller) of at most three arguments: the same stages as the general run, in
 * the same order (every read, then every validation, then the handler), without what a plain
 * route does not need per request: no argument array, no loops, no re-entry parameters, and the
 * handler called directly with its arity. Undefined for any other route.
 */
export function plainRun(parts: PlainRunParts): Run | undefined {
  const { plans, paramNames, method, instance, finish, serialize, respondError, operation } = parts;
  const { general } = parts;
  const arity = plans.length;
  if (arity > 3) return undefined;
  const [p0 = noPlan, p1 = noPlan, p2 = noPlan] = plans;
  const read0 = p0.read;
  const read1 = p1.read;
  const read2 = p2.read;
  const check0 = p0.validate;
  const check1 = p1.validate;
  const check2 = p2.validate;

  // The handler's value, answered (after its promise, when it returned one). Called inside the
  // run's `try`: what the serializer throws there is the run's to answer.
  const answer = (request: Request, state: ResponseState, result: unknown) => {
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value) => finish(request, state, value),
        (error: unknown) => respondError(error, request, operation),
      );
    }
    return serialize === undefined ? finish(request, state, result) : serialize(state, result);
  };
  // A validator answered with a promise: the general run finishes once every one has settled.
  const later = (
    request: Request,
    params: readonly string[] | undefined,
    decoded: boolean | undefined,
    body: unknown,
    values: unknown[],
    inputs: RequestInputs,
  ): Promise<Response> => {
    const pending: Promise<unknown>[] = [];
    values.forEach((value, index) => {
      if (value instanceof PendingArgument) {
        pending.push(value.settled.then((settled) => (values[index] = settled)));
      }
    });
    return Promise.all(pending).then(
      () => general(request, params, decoded, body, values, inputs),
      (error: unknown) => respondError(error, request, operation),
    );
  };

  if (arity === 0) {
    return (request) => {
      try {
        const state: ResponseState = Object.create(instance);
        state[requestSlot] = request; // what `this.signal` is made from, if the handler reads it
        return answer(request, state, method.call(state));
      } catch (error) {
        return respondError(error, request, operation);
      }
    };
  }
  return (request, params, decoded, body) => {
    // Nothing thrown (by a handler, an adapter, a serializer) ever escapes to the server.
    try {
      // Stage: read inputs (path, query, headers, cookies; the body is read already).
      const inputs = new RequestInputs(request, params, decoded === true, paramNames, body);
      let a0 = read0(inputs);
      let a1 = arity > 1 ? read1(inputs) : undefined;
      let a2 = arity > 2 ? read2(inputs) : undefined;
      // Stage: validate every input; all issues are reported together.
      if (check0 !== undefined) a0 = check0(a0, inputs);
      if (check1 !== undefined) a1 = check1(a1, inputs);
      if (check2 !== undefined) a2 = check2(a2, inputs);
      if (
        a0 instanceof PendingArgument ||
        a1 instanceof PendingArgument ||
        a2 instanceof PendingArgument
      ) {
        const values = arity === 1 ? [a0] : arity === 2 ? [a0, a1] : [a0, a1, a2];
        return later(request, params, decoded, body, values, inputs);
      }
      if (inputs.issues !== undefined)
        return respondError.invalid(inputs.issues, request, operation);
      // Stage: handler, on a fresh object per request that inherits from the one instance.
      const state: ResponseState = Object.create(instance);
      state[requestSlot] = request;
      const result =
        arity === 1
          ? method.call(state, a0)
          : arity === 2
            ? method.call(state, a0, a1)
            : method.call(state, a0, a1, a2);
      // Stage: serialize.
      return answer(request, state, result);
    } catch (error) {
      return respondError(error, request, operation);
    }
  };
}
