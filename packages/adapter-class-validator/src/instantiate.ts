import type { ClassPlan } from "./class-plan.js";
import { hasTransformerMetadata } from "./type-metadata.js";

/**
 * Builds, for one plain input, the instance `plainToInstance` would build; undefined when the
 * input needs what this does not model (then `plainToInstance` runs).
 */
export type Instantiate = (input: Record<string, unknown>) => object | undefined;

type Model = new () => object;

const isPrimitive = (value: unknown): boolean =>
  value === null || (typeof value !== "object" && typeof value !== "function");

/**
 * Compiles, once per class, what `plainToInstance` does for the common case: `new Model()`, then
 * each input key copied in input order, arrays of primitives as fresh arrays. It applies only to a
 * class without class-transformer metadata (`@Type`, `@Transform`, `@Expose`, `@Exclude`, on it or
 * on a base class) and to inputs whose keys are all declared properties holding primitives or
 * arrays of primitives; anything else (nested objects, undeclared keys) is left to
 * `plainToInstance`. Returns undefined when the class itself needs `plainToInstance`.
 */
export function createInstantiator(model: Model, plan: ClassPlan): Instantiate | undefined {
  if (hasTransformerMetadata(model, plan.allowed)) return undefined;
  // Like plainToInstance: never write a property the prototype defines as a getter without a setter.
  const writable = new Set<string>();
  for (const name of plan.allowed) {
    const descriptor = Object.getOwnPropertyDescriptor(model.prototype, name);
    if (!descriptor || descriptor.set) writable.add(name);
  }
  const { allowed } = plan;

  return (input) => {
    const keys = Object.keys(input);
    for (const key of keys) if (!allowed.has(key)) return undefined;
    const instance = new model() as Record<string, unknown>;
    // A constructor that sets properties the class does not validate: class-validator's
    // whitelist would see them, so let the full path decide.
    for (const own of Object.keys(instance)) if (!allowed.has(own)) return undefined;
    for (const key of keys) {
      if (key === "__proto__" || key === "constructor" || !writable.has(key)) continue;
      if (typeof instance[key] === "function") continue; // plainToInstance skips methods too
      const value = input[key];
      if (isPrimitive(value)) {
        instance[key] = value;
      } else if (Array.isArray(value) && value.every(isPrimitive)) {
        instance[key] = value.slice();
      } else {
        return undefined;
      }
    }
    return instance;
  };
}
