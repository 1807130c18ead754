import type { ClassBounds } from "./array-bounds.js";
import { type ClassPlan, prototypeNames, simpleNestedTarget } from "./class-plan.js";
import { compiledPerModel } from "./compiled-per-model.js";
import { hasTransformerMetadata, transformerShapeOf } from "./type-metadata.js";

/**
 * Builds, for one plain input, the instance `plainToInstance` would build; undefined when the
 * input needs what this does not model (then `plainToInstance` runs). With `strip`, undeclared
 * keys are left out, at every level, as the structure guard's view leaves them out under the
 * "strip" policy; without it, an undeclared key means undefined.
 */
export type Instantiate = (input: Record<string, unknown>, strip?: boolean) => object | undefined;

type Model = new () => object;

const isPrimitive = (value: unknown): boolean =>
  value === null || (typeof value !== "object" && typeof value !== "function");

const isPlainPrototype = (prototype: unknown) =>
  prototype === Object.prototype || prototype === null;

/**
 * A plain object, or the structure guard's view of one (an object whose prototype is the plain
 * input object it shows): what class-transformer copies key by key into a nested model.
 */
export const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (
    isPlainPrototype(prototype) ||
    (!Array.isArray(prototype) && isPlainPrototype(Object.getPrototypeOf(prototype)))
  );
};

/**
 * Whether class-transformer does nothing to the class but copy keys and build the nested models
 * `simpleNestedTarget` names: no `@Transform`, `@Expose` or `@Exclude`, and `@Type` only on
 * such nested properties.
 */
function copiesOnly(model: Function, plan: ClassPlan): boolean {
  const nested = plan.properties.filter((property) => simpleNestedTarget(property.nested));
  if (nested.length === 0) return !hasTransformerMetadata(model, plan.allowed);
  const shape = transformerShapeOf(model);
  if (!shape.typesOnly || shape.properties === undefined) return false;
  const typed = new Set(nested.map((property) => property.name));
  for (const name of shape.properties) if (!typed.has(name)) return false;
  const untyped = [...plan.allowed].filter((name) => !typed.has(name));
  return !hasTransformerMetadata(model, untyped);
}

/**
 * Compiles, once per class, what `plainToInstance` does for the common case: `new Model()`, then
 * each input key copied in input order, arrays of primitives as fresh arrays, and a nested model
 * (`@ValidateNested()` + `@Type(() => Model)`) built the same way from a plain object, or from
 * each plain object of an array. It applies only to classes class-transformer does nothing else
 * to (no `@Transform`, `@Expose`, `@Exclude`, discriminators or value-dependent types, on the class
 * or a base class) and to inputs whose keys are all declared properties holding such values;
 * anything else (undeclared keys, other objects) is left to `plainToInstance`. The reader answers
 * undefined for a class that always needs `plainToInstance`.
 */
export function createInstantiators(
  planOf: (target: Function) => ClassPlan,
  boundsOf: (target: Function) => ClassBounds,
): (model: Function) => Instantiate | undefined {
  return compiledPerModel<Instantiate>(
    (model, instantiatorOf) =>
      compile(model as Model, planOf(model), boundsOf(model), instantiatorOf),
    (finished) => (input, strip) => finished()?.(input, strip),
  );
}

function compile(
  model: Model,
  plan: ClassPlan,
  bounds: ClassBounds,
  instantiatorOf: (model: Function) => Instantiate | undefined,
): Instantiate | undefined {
  if (!copiesOnly(model, plan)) return undefined;
  // Like plainToInstance: never write a property the prototype defines as a getter without a setter.
  const writable = new Set<string>();
  for (const name of plan.allowed) {
    const descriptor = Object.getOwnPropertyDescriptor(model.prototype, name);
    if (!descriptor || descriptor.set) writable.add(name);
  }
  const { allowed } = plan;
  // An array past its bound fails whatever its items: left to the structure guard, which reports
  // it without looking at them (150,000 items would each be built here first).
  const maxItems = bounds.arrays.size > 0 ? bounds.arrays : undefined;
  // Undeclared keys the guard's view would still show class-transformer (prototype members):
  // their fate is class-transformer's to decide.
  const members = prototypeNames(model);
  // Per nested property: the nested model's instantiator, and whether its value is an array.
  const nested = new Map<string, { readonly array: boolean; readonly build: Instantiate }>();
  for (const property of plan.properties) {
    const target = simpleNestedTarget(property.nested);
    if (target === undefined) continue;
    const build = instantiatorOf(target);
    if (build === undefined) return undefined;
    nested.set(property.name, { array: property.nested?.array === true, build });
  }

  // A nested value as plainToInstance builds it; undefined when only it can.
  const nestedValue = (
    value: unknown,
    array: boolean,
    build: Instantiate,
    strip: boolean,
  ): unknown => {
    if (!array) return isPlain(value) ? build(value, strip) : undefined;
    if (!Array.isArray(value)) return undefined;
    const items: object[] = [];
    for (const item of value) {
      const built = isPlain(item) ? build(item, strip) : undefined;
      if (built === undefined) return undefined;
      items.push(built);
    }
    return items;
  };

  return (input, strip = false) => {
    const keys = Object.keys(input);
    for (const key of keys) {
      if (!allowed.has(key) && (!strip || members.has(key))) return undefined;
    }
    const instance = new model() as Record<string, unknown>;
    // A constructor that sets properties the class does not validate: class-validator's
    // whitelist would see them, so let the full path decide.
    for (const own of Object.keys(instance)) if (!allowed.has(own)) return undefined;
    for (const key of keys) {
      // Undeclared keys are left out (under `strip`), as are those plainToInstance never writes.
      if (key === "__proto__" || key === "constructor" || !writable.has(key)) continue;
      if (typeof instance[key] === "function") continue; // plainToInstance skips methods too
      const value = input[key];
      if (maxItems !== undefined && Array.isArray(value)) {
        const bound = maxItems.get(key);
        if (bound !== undefined && value.length > bound.max) return undefined;
      }
      const model = nested.get(key);
      if (model !== undefined && value !== null && value !== undefined) {
        const built = nestedValue(value, model.array, model.build, strip);
        if (built === undefined) return undefined;
        instance[key] = built;
      } else if (isPrimitive(value)) {
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
