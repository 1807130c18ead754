/** The declared type of parameter `I` of method `K` on `T`; unknown where it cannot be read. */
type ParameterType<T, K, I> = K extends keyof T
  ? T[K] extends (...args: infer Args) => unknown
    ? I extends keyof Args
      ? Args[I]
      : unknown
    : unknown
  : unknown;

/** An error the compiler shows at the decorator: the key says what is wrong, the value the bound type. */
interface ParameterTypeMismatch<Bound> {
  "Trellis: the parameter's declared type must accept the value its decorator binds": Bound;
}

/**
 * A parameter decorator that accepts only a parameter whose declared type accepts `Bound`, the
 * type of the value the handler receives (`Infer` of the schema, or `Request` for `@Req()`); an
 * `unknown` bound (no schema, or one no installed adapter claims) checks nothing.
 * TypeScript hands a parameter decorator the method's name and the parameter's index as literal
 * types, which is what lets it read the parameter's declared type.
 */
export type CheckedParameterDecorator<Bound> = <
  T,
  K extends string | symbol | undefined,
  I extends number,
>(
  target: T &
    (unknown extends Bound
      ? unknown
      : [Bound] extends [ParameterType<T, K, I>]
        ? unknown
        : ParameterTypeMismatch<Bound>),
  key: K,
  index: I,
) => void;
