import type { Infer } from "../schema/infer.js";

/**
 * The body type a `@Returns` type declares: `[Model]` is an array of the model, read-only or not.
 * A model no installed adapter claims declares `unknown`, which checks nothing.
 */
export type DeclaredBody<S> = S extends readonly [infer Item]
  ? unknown extends Infer<Item>
    ? unknown
    : readonly Infer<Item>[]
  : Infer<S>;

/** True for a 2xx status literal; a status only known as `number` is not checked. */
type IsSuccess<N extends number> = `${N}` extends `2${string}` ? true : false;

/** What a `@Returns(status, type)` declares a body for: a schema, not a description string. */
type HasSchema<S> = [S] extends [undefined] ? false : [S] extends [string] ? false : true;

type IsUnion<T, Whole = T> = T extends unknown ? ([Whole] extends [T] ? false : true) : never;

/**
 * Whether a handler returning `Body` (awaited, `Response` removed) honours a declared `Expected`.
 * TypeScript checks each decorator on its own, so one `@Returns` cannot see the others: a handler
 * returning a union passes when some member is the declared type (several 2xx `@Returns` each
 * claim theirs), while `null` and `undefined` members must be declared by every 2xx schema.
 */
type Honours<Body, Expected> = [Body] extends [never]
  ? true
  : [Body] extends [Expected]
    ? true
    : true extends IsUnion<Body>
      ? [Extract<Body, Expected>] extends [never]
        ? false
        : [Exclude<Extract<Body, null | undefined>, Expected>] extends [never]
          ? true
          : false
      : false;

/** What one yielded value of an `@Sse` handler sends as data: an event's `data`, else itself. */
type EventData<T> = T extends { readonly data: infer D } ? D : T;

/** An `@Sse` handler's body is each event's data; any other result is the body itself. */
type Streamed<B> = B extends AsyncIterable<infer T> ? EventData<T> : B;

/** The handler's awaited result without the `Response` it may return instead of a value. */
type HandlerBody<M> = M extends (...args: never) => infer R
  ? Streamed<Exclude<Awaited<R>, Response>>
  : never;

/** An error the compiler shows at the decorator: the key says what is wrong, the value the expected type. */
interface ReturnTypeMismatch<Expected> {
  "@Returns: the handler's awaited return type must be assignable to the declared schema's type (or be a Response)": Expected;
}

/** A method decorator that accepts only handlers whose awaited result is the declared body. */
export type CheckedMethodDecorator<Expected> = <M>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M> &
    (true extends Honours<HandlerBody<M>, Expected> ? unknown : ReturnTypeMismatch<Expected>),
) => void;

/** The decorator `@Returns(status, type)` gives: checked for a 2xx status with a schema. */
export type ReturnsDecorator<N extends number, S> =
  true extends IsSuccess<N>
    ? true extends HasSchema<S>
      ? CheckedMethodDecorator<DeclaredBody<S>>
      : MethodDecorator
    : MethodDecorator;
