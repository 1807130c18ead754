import { isThenable } from "../pubsub/is-thenable.js";
import { providerFailed } from "./container-errors.js";

/** An instance still being made by an async factory (or made from one). */
export class Pending {
  constructor(readonly promise: Promise<unknown>) {}
}

/** Calls `make` with the values of `args` now, or (as a `Pending`) once the pending ones are made. */
export function afterPending(
  args: readonly unknown[],
  make: (values: unknown[]) => unknown,
): unknown {
  if (!args.some((arg) => arg instanceof Pending)) {
    return make(args as unknown[]);
  }
  return new Pending(
    Promise.all(args.map((arg) => (arg instanceof Pending ? arg.promise : arg))).then((values) => {
      const made = make(values);
      return made instanceof Pending ? made.promise : made;
    }),
  );
}

/** Constructs `target` with `args`; a throw becomes a startup error naming the class. */
export function construct(target: Function, args: readonly unknown[]): unknown {
  try {
    return new (target as new (...args: unknown[]) => unknown)(...args);
  } catch (error) {
    throw providerFailed(`${target.name}'s constructor`, error);
  }
}

/** Calls a factory with `args`; a promise becomes a `Pending`, a throw or rejection a startup error. */
export function callFactory(
  factory: (...args: unknown[]) => unknown,
  args: unknown[],
  name: string,
): unknown {
  let value: unknown;
  try {
    value = factory(...args);
  } catch (error) {
    throw providerFailed(`the factory of ${name}`, error);
  }
  if (!isThenable(value)) return value;
  return new Pending(
    Promise.resolve(value).then(undefined, (error: unknown) => {
      throw providerFailed(`the factory of ${name}`, error);
    }),
  );
}
