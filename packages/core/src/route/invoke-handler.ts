/** A handler method, called on the per-request state. */
export type Method = (...args: unknown[]) => unknown;

/**
 * Calls the handler method on the per-request state with the planned arguments. The usual
 * arities get a direct call, which JavaScriptCore runs faster than `apply` with an array;
 * the handler sees the same arguments either way (`arguments.length` is the arity).
 */
export function invoker(
  method: Method,
  arity: number,
): (state: object, args: unknown[]) => unknown {
  switch (arity) {
    case 0:
      return (state) => method.call(state);
    case 1:
      return (state, args) => method.call(state, args[0]);
    case 2:
      return (state, args) => method.call(state, args[0], args[1]);
    case 3:
      return (state, args) => method.call(state, args[0], args[1], args[2]);
    default:
      return (state, args) => method.apply(state, args);
  }
}
