// A measure of work that does not depend on the machine: how many operations code makes on an
// input (property reads, key listings, `in` checks, descriptor and prototype reads, writes),
// counted by a Proxy around the input and around every plain object or array reached through it.
// Timings vary with load; these counts are the same on every run.
import { expect } from "vitest";

/** An input seen through counting proxies, and the operations made on it so far. */
export interface CountedInput<T> {
  /** Stands in for the input: every operation on it, or below it, is counted. */
  readonly view: T;
  /** Operations made on `view` and on the objects and arrays read from it, so far. */
  operations(): number;
}

// Only plain objects and arrays are wrapped: a Date, a File or a class instance behind a Proxy
// would break the methods that read its internal slots.
function isPlain(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// A proxy must report a non-configurable, non-writable property as it is.
function mayWrap(target: object, key: PropertyKey): boolean {
  const own = Reflect.getOwnPropertyDescriptor(target, key);
  return own === undefined || own.configurable === true || own.writable === true;
}

/** Wraps `input` in counting proxies (the same proxy for the same object, as identity is kept). */
export function countOperations<T>(input: T): CountedInput<T> {
  let operations = 0;
  const views = new WeakMap<object, object>();
  const viewOf = <V>(value: V): V => {
    if (!isPlain(value)) return value;
    let view = views.get(value);
    if (view === undefined) {
      view = new Proxy(value, handler);
      views.set(value, view);
    }
    return view as V;
  };
  const handler: ProxyHandler<object> = {
    get(target, key, receiver) {
      operations++;
      const value = Reflect.get(target, key, receiver);
      return mayWrap(target, key) ? viewOf(value) : value;
    },
    getOwnPropertyDescriptor(target, key) {
      operations++;
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (descriptor?.configurable && "value" in descriptor)
        descriptor.value = viewOf(descriptor.value);
      return descriptor;
    },
    has(target, key) {
      operations++;
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      operations++;
      return Reflect.ownKeys(target);
    },
    getPrototypeOf(target) {
      operations++;
      return Reflect.getPrototypeOf(target);
    },
    set(target, key, value, receiver) {
      operations++;
      return Reflect.set(target, key, value, receiver);
    },
    defineProperty(target, key, descriptor) {
      operations++;
      return Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(target, key) {
      operations++;
      return Reflect.deleteProperty(target, key);
    },
  };
  return { view: viewOf(input), operations: () => operations };
}

/** A count of work at sizes n, 2n and 4n. */
export interface Growth {
  readonly sizes: readonly [number, number, number];
  readonly counts: readonly [number, number, number];
}

/**
 * Fails unless `count(size)` grows at most linearly: going from 2n to 4n adds at most twice what
 * going from n to 2n added, whatever the constant part (a quadratic count adds four times as
 * much; a constant or capped one, nothing). `count` must be deterministic (operations, calls,
 * issues: never a time); it must count something at size n. Answers the counts.
 */
export async function expectLinearGrowth(
  count: (size: number) => number | Promise<number>,
  size = 1_000,
): Promise<Growth> {
  const sizes = [size, size * 2, size * 4] as const;
  const counts: [number, number, number] = [0, 0, 0];
  for (const [index, n] of sizes.entries()) counts[index] = await count(n);
  const [single, double, quadruple] = counts;
  const figures = `counts at sizes ${sizes.join(", ")}: ${counts.join(", ")}`;
  expect(single, `${figures}; nothing was counted`).toBeGreaterThan(0);
  expect(
    quadruple - double,
    `${figures}; more work per element as the input grows`,
  ).toBeLessThanOrEqual(2 * Math.max(0, double - single));
  return { sizes, counts };
}

/**
 * Fails unless `work` reads its input, answers the same through the counting proxies as without
 * them, and makes a number of operations on `make(size)` that grows at most linearly with `size`
 * (see `expectLinearGrowth`).
 */
export async function expectLinearWork(
  work: (input: unknown) => unknown,
  make: (size: number) => unknown,
  size = 1_000,
): Promise<Growth> {
  const counted = countOperations(make(size));
  expect(work(counted.view), "the same answer through the counting proxies").toEqual(
    work(make(size)),
  );
  return expectLinearGrowth((n) => {
    const input = countOperations(make(n));
    work(input.view);
    return input.operations();
  }, size);
}
