import type { SseMessage } from "./event-stream.js";

type IsAny<T> = 0 extends 1 & T ? true : false;

/** A parameter `@Req()` binds: typed `Request` (and not `any`). The call leaves it out. */
type IsRequest<T> =
  IsAny<T> extends true
    ? false
    : [T] extends [Request]
      ? [Request] extends [T]
        ? true
        : false
      : false;

type DropRequests<P extends readonly unknown[]> = P extends readonly [unknown, ...infer Rest]
  ? P extends readonly [...infer First, ...Rest]
    ? IsRequest<P[0]> extends true
      ? DropRequests<Rest>
      : [...First, ...DropRequests<Rest>]
    : P
  : P;

/**
 * What a call sends for a parameter: the schema's input type where the parameter's type is an
 * `Infer` that carries one (core's `SchemaInput`: a default, a transform, a coercion), so a field
 * with a default may be left out; else the parameter's own type.
 */
type SentValue<T> = IsAny<T> extends true ? T : SentMember<T>;

type SentMember<T> = T extends unknown
  ? "~input" extends keyof T
    ? T extends { readonly "~input"?: { readonly type: infer In } }
      ? In
      : T
    : T
  : never;

type SentValues<P extends readonly unknown[]> = { [I in keyof P]: SentValue<P[I]> };

/**
 * A call's arguments: the handler's own parameters, in order, without the `Request` of `@Req()`,
 * each as the schema takes it (its input type). Parameter names and optional parameters are kept.
 */
export type ClientArguments<P extends readonly unknown[]> = SentValues<
  true extends {
    [I in keyof P]: IsRequest<P[I]>;
  }[number]
    ? DropRequests<P>
    : P
>;

/** An object with a file field (`File`, or an array of them): the body of a multipart upload. */
type HasFile<T> = [T] extends [object]
  ? true extends {
      [K in keyof T]-?: [NonNullable<T[K]>] extends [Blob | readonly Blob[]] ? true : false;
    }[keyof T]
    ? true
    : false
  : false;

/** Arguments where a multipart body may also be a `FormData` the caller built (a browser form). */
export type WithFormData<P extends readonly unknown[]> = {
  [I in keyof P]: HasFile<P[I]> extends true ? P[I] | FormData : P[I];
};

/** What one yielded value of an `@Sse` handler sends as data: an event's `data`, else itself. */
type EventData<T> = T extends { readonly data: infer D } ? D : T;

/**
 * A call's result: the handler's awaited return value; `unknown` where it may return a
 * `Response`; for an `@Sse` handler (an async iterable), its events as they arrive.
 */
export type ClientResult<R> = [Extract<Awaited<R>, Response>] extends [never]
  ? Awaited<R> extends AsyncIterable<infer T>
    ? AsyncIterable<SseMessage<EventData<T>>>
    : Awaited<R>
  : unknown;

/** The calls of one controller: each public method, with its own signature, made asynchronous. */
export type ControllerClient<C> = {
  readonly [K in keyof C as C[K] extends (...args: any[]) => unknown ? K : never]: C[K] extends (
    ...args: infer P
  ) => infer R
    ? (...args: WithFormData<ClientArguments<P>>) => Promise<ClientResult<R>>
    : never;
};

/** The client of `createClient<{ users: UserController }>`: one member per controller. */
export type Client<Controllers> = {
  readonly [K in keyof Controllers]: ControllerClient<Controllers[K]>;
};
