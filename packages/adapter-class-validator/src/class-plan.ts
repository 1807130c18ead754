import { getMetadataStorage, type ValidatorOptions } from "class-validator";
import { findTypeMetadata } from "./type-metadata.js";

/** One decorator's record in class-validator's metadata storage. */
export type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>["getTargetValidationMetadatas"]
>[number];

/** How a property treats absent and null values, read from IsOptional / ValidateIf. */
export interface Presence {
  /** Absent (undefined) skips validation. */
  readonly optional: boolean;
  /** null skips validation. */
  readonly nullable: boolean;
  /** A ValidateIf condition that depends on more than the value: constraints apply sometimes. */
  readonly conditional: boolean;
}

/** What `@ValidateNested()` + `@Type(...)` say about a property. */
export interface NestedPlan {
  /** The value is an array of nested objects (each: true, IsArray, or a reflected Array type). */
  readonly array: boolean;
  /** Whether the property has `@Type(...)` at all. */
  readonly typed: boolean;
  /** The class from `@Type(() => Class)`; undefined without one, or when it depends on the value. */
  readonly target: Function | undefined;
  /** `@Type(() => Base, { discriminator })`: the subtype class by discriminator value. */
  readonly discriminator?: {
    readonly property: string;
    readonly subTypes: ReadonlyMap<unknown, Function>;
  };
}

/** One decorated property of a class. */
export interface PropertyPlan {
  readonly name: string;
  readonly metadata: readonly ValidationMetadata[];
  readonly presence: Presence;
  /** Whether class-validator rejects the property when it is absent. */
  readonly required: boolean;
  readonly nested: NestedPlan | undefined;
}

/** Everything the adapter needs to know about one class, read once. */
export interface ClassPlan {
  readonly target: Function;
  readonly properties: readonly PropertyPlan[];
  /** Properties class-validator's whitelist keeps: those with any validation metadata. */
  readonly allowed: ReadonlySet<string>;
}

const arrayConstraints = new Set([
  "isArray",
  "arrayMinSize",
  "arrayMaxSize",
  "arrayNotEmpty",
  "arrayUnique",
]);

// Probes a property's conditions (IsOptional, ValidateIf) with an absent, a null and a present
// value. `(o, v) => v !== null`-style conditions answer exactly; any other condition is opaque.
function presenceOf(name: string, conditions: readonly ValidationMetadata[]): Presence {
  if (conditions.length === 0) return { optional: false, nullable: false, conditional: false };
  const validates = (value: unknown) =>
    conditions.every((condition) => condition.constraints[0]({ [name]: value }, value) === true);
  try {
    if (!validates("value")) return { optional: true, nullable: false, conditional: true };
    return { optional: !validates(undefined), nullable: !validates(null), conditional: false };
  } catch {
    return { optional: true, nullable: false, conditional: true };
  }
}

function nestedOf(
  target: Function,
  name: string,
  metadata: readonly ValidationMetadata[],
): NestedPlan | undefined {
  const nested = metadata.filter((item) => item.type === "nestedValidation");
  if (nested.length === 0) return undefined;
  const reflect = Reflect as unknown as {
    getMetadata?: (key: string, on: object, property: string) => unknown;
  };
  const array =
    nested.some((item) => item.each) ||
    metadata.some((item) => item.name !== undefined && arrayConstraints.has(item.name)) ||
    reflect.getMetadata?.("design:type", target.prototype, name) === Array;
  const type = findTypeMetadata(target, name);
  let resolved: Function | undefined;
  try {
    resolved = type?.typeFunction();
  } catch {
    resolved = undefined; // a type function that needs the value (options.object) cannot be read ahead
  }
  const discriminator = type?.options?.discriminator;
  if (!discriminator) return { array, typed: type !== undefined, target: resolved };
  const subTypes = new Map<unknown, Function>(
    discriminator.subTypes.map((sub) => [sub.name, sub.value]),
  );
  return {
    array,
    typed: true,
    target: resolved,
    discriminator: { property: discriminator.property, subTypes },
  };
}

/**
 * Reads class-validator's metadata (and class-transformer's `@Type`) into plans, once per class:
 * the work is linear in the number of model classes, whatever else the metadata storage holds.
 */
export function createPlanReader(options: ValidatorOptions): (target: Function) => ClassPlan {
  const plans = new WeakMap<Function, ClassPlan>();
  return (target) => {
    let plan = plans.get(target);
    if (plan) return plan;
    const metadata = getMetadataStorage().getTargetValidationMetadatas(
      target,
      "",
      options.always ?? false,
      options.strictGroups ?? false,
      options.groups,
    );
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const item of metadata) {
      const list = byProperty.get(item.propertyName);
      if (list) list.push(item);
      else byProperty.set(item.propertyName, [item]);
    }
    const properties = [...byProperty].map(([name, items]): PropertyPlan => {
      const presence = presenceOf(
        name,
        items.filter((item) => item.type === "conditionalValidation"),
      );
      const checksUndefined = items.some(
        (item) => item.type === "isDefined" || item.type === "customValidation",
      );
      return {
        name,
        metadata: items,
        presence,
        required: !presence.optional && checksUndefined,
        nested: nestedOf(target, name, items),
      };
    });
    plan = { target, properties, allowed: new Set(byProperty.keys()) };
    plans.set(target, plan);
    return plan;
  };
}

// Classes known to be models. Only positive answers are kept: metadata is never removed, but may
// still be added to a class.
const models = new WeakSet<Function>();

// class-validator's public lookup scans every class in its storage (for inheritance) on each call,
// and core asks once per binding and response: quadratic startup. Its storage is a Map by class,
// so a class or a base class with an entry answers "yes" at once; "no" is left to the lookup.
function hasOwnOrInheritedEntry(target: Function): boolean {
  const byClass = (getMetadataStorage() as unknown as { validationMetadatas?: unknown })
    .validationMetadatas;
  if (!(byClass instanceof Map)) return false;
  for (
    let current: unknown = target;
    typeof current === "function" && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    const own = byClass.get(current) as unknown[] | undefined;
    if (own !== undefined && own.length > 0) return true;
  }
  return false;
}

/** True when class-validator has metadata for the class (it is a model, not any function). */
export function hasValidationMetadata(value: unknown): value is Function {
  if (typeof value !== "function") return false;
  if (models.has(value)) return true;
  const found =
    hasOwnOrInheritedEntry(value) ||
    getMetadataStorage().getTargetValidationMetadatas(value, "", true, false).length > 0;
  if (found) models.add(value);
  return found;
}

/**
 * The names a class's prototypes define (methods, accessors) up to `Object.prototype`, but
 * `constructor`: undeclared input keys class-transformer would still look at.
 */
export function prototypeNames(target: Function): Set<string> {
  const names = new Set<string>();
  for (
    let prototype: unknown = target.prototype;
    typeof prototype === "object" && prototype !== null && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    for (const name of Object.getOwnPropertyNames(prototype)) names.add(name);
  }
  names.delete("constructor");
  return names;
}

/** A nested model the fast path models: `@ValidateNested()` + `@Type(() => Model)`, no discriminator. */
export function simpleNestedTarget(nested: NestedPlan | undefined): Function | undefined {
  if (nested === undefined || !nested.typed || nested.discriminator !== undefined) return undefined;
  return typeof nested.target === "function" && hasValidationMetadata(nested.target)
    ? nested.target
    : undefined;
}
