/** Marks a value `copyUntyped` leaves to class-transformer. */
export const unsupported: unique symbol = Symbol("unsupported");

/**
 * What `plainToInstance` (default options) makes of a value no decorator types (a property without
 * `@Type`, an undeclared key it keeps): arrays and plain objects copied deeply, skipping the keys
 * class-transformer skips (`__proto__`, `constructor`, names `Object.prototype` holds), primitives
 * as they are. In linear time: class-transformer removes duplicate keys with `indexOf`, so an
 * object of 100,000 keys costs it 10^10 steps. `unsupported` for what it does differently (any
 * object that is not a plain object or an array, a `constructor` key: it would try to construct
 * it), which is then left to class-transformer.
 */
export function copyUntyped(value: unknown): unknown {
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) continue; // class-transformer's forEach skips holes
      const inner = copyUntyped(value[index]);
      if (inner === unsupported) return unsupported;
      copy.push(inner);
    }
    return copy;
  }
  if (typeof value !== "object" || value === null) return value;
  // class-transformer reads `value.constructor` to pick the class to build.
  if ((value as { constructor?: unknown }).constructor !== Object) return unsupported;
  const source = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (key === "__proto__" || key === "constructor") continue;
    // The check class-transformer makes for every key of the object it builds.
    const descriptor = Object.getOwnPropertyDescriptor(Object.prototype, key);
    if ((descriptor && !descriptor.set) || copy[key] instanceof Function) continue;
    const inner = copyUntyped(source[key]);
    if (inner === unsupported) return unsupported;
    copy[key] = inner;
  }
  return copy;
}
