import { getMetadataStorage, type ValidatorOptions } from "class-validator";
import { type ClassPlan, simpleNestedTarget, type ValidationMetadata } from "./class-plan.js";
import { compiledPerModel } from "./compiled-per-model.js";
import { isIntMetadata, isUnsafeInteger } from "./safe-integers.js";

/**
 * True when `validateSync` would find nothing wrong with the instance; false when it might (then
 * `validateSync` runs and reports exactly what it finds).
 */
export type QuickCheck = (instance: object) => boolean;

interface ConstraintValidator {
  validate(value: unknown, args: unknown): unknown;
}

interface Constraint {
  readonly async: boolean;
  readonly instance: ConstraintValidator;
}

interface Check {
  readonly metadata: ValidationMetadata;
  readonly constraints: readonly Constraint[];
  /** IsInt, which here also refuses unsafe integers (see safe-integers.ts). */
  readonly integer: boolean;
}

interface PropertyChecks {
  readonly name: string;
  readonly conditions: readonly ValidationMetadata[];
  readonly checks: readonly Check[];
  /** `@ValidateNested()`: the nested model's check, run on each nested instance. */
  readonly nested: QuickCheck | undefined;
}

// The metadata kinds class-validator's executor handles without promises.
const handled = new Set([
  "customValidation",
  "isDefined",
  "conditionalValidation",
  "whitelistValidation",
  "nestedValidation",
]);

const isThenable = (value: unknown): boolean =>
  typeof (value as { then?: unknown } | null | undefined)?.then === "function";

/**
 * A constraint's answer that passes: truthy and not a promise (the executor awaits those; here
 * they defer to it). `true`, what built-in constraints answer, is decided without a lookup.
 */
const accepted = (valid: unknown): boolean => valid === true || (!!valid && !isThenable(valid));

/** Each constraint's validator instance, read from class-validator's container on first use. */
function lazyConstraint(source: { readonly async: boolean; readonly instance: unknown }) {
  let instance: ConstraintValidator | undefined;
  return {
    async: source.async,
    get instance(): ConstraintValidator {
      instance ??= source.instance as ConstraintValidator;
      return instance;
    },
  };
}

/**
 * Compiles, once per class, the success path of `validateSync` for classes without promise
 * validation: the same constraint validators with the same arguments, the same
 * `IsOptional`/`ValidateIf` conditions, `each` over arrays, sets and maps, async constraints
 * skipped, IsInt refusing unsafe integers as the full path does, and `@ValidateNested()` models
 * (an instance, or an array of them, of the class `@Type` names) checked the same way. Any failure
 * (or a validator answering with a promise, or a nested value of another kind) defers to
 * `validateSync`, so messages and codes are always class-validator's own. The reader answers
 * undefined when a class or the options (skipMissingProperties and its kin) need the real executor
 * every time.
 */
export function createQuickChecks(
  planOf: (target: Function) => ClassPlan,
  options: ValidatorOptions,
): (model: Function) => QuickCheck | undefined {
  return compiledPerModel<QuickCheck>(
    (model, quickCheckOf) => compileQuickCheck(planOf(model), options, quickCheckOf),
    (finished) => (instance) => finished()?.(instance) === true,
  );
}

function compileQuickCheck(
  plan: ClassPlan,
  options: ValidatorOptions,
  quickCheckOf: (model: Function) => QuickCheck | undefined,
): QuickCheck | undefined {
  if (
    options.skipMissingProperties ||
    options.skipNullProperties ||
    options.skipUndefinedProperties
  )
    return undefined;
  const storage = getMetadataStorage();
  const properties: PropertyChecks[] = [];
  for (const property of plan.properties) {
    const conditions: ValidationMetadata[] = [];
    const defined: Check[] = [];
    const custom: Check[] = [];
    let nested: QuickCheck | undefined;
    for (const metadata of property.metadata) {
      if (!handled.has(metadata.type)) return undefined;
      if (metadata.type === "conditionalValidation") {
        conditions.push(metadata);
      } else if (metadata.type === "nestedValidation") {
        const target = simpleNestedTarget(property.nested);
        nested = target && quickCheckOf(target);
        if (nested === undefined) return undefined;
      } else if (metadata.type !== "whitelistValidation") {
        const constraints = storage
          .getTargetValidatorConstraints(metadata.constraintCls)
          .map(lazyConstraint);
        const integer = isIntMetadata(metadata);
        (metadata.type === "isDefined" ? defined : custom).push({ metadata, constraints, integer });
      }
    }
    // The executor checks IsDefined first, then the other constraints, then nested models.
    properties.push({ name: property.name, conditions, checks: [...defined, ...custom], nested });
  }

  const passes = (check: Check, object: object, value: unknown, targetName: unknown): boolean => {
    const { metadata } = check;
    if (metadata.validateIf && !metadata.validateIf(object, value)) return true;
    const each =
      metadata.each && (Array.isArray(value) || value instanceof Set || value instanceof Map);
    for (const constraint of check.constraints) {
      if (constraint.async) continue; // validateSync ignores async constraints
      const args = {
        targetName,
        property: metadata.propertyName,
        object,
        value,
        constraints: metadata.constraints,
      };
      const validator = constraint.instance;
      if (!each) {
        if (!accepted(validator.validate(value, args))) return false;
        if (check.integer && isUnsafeInteger(value)) return false;
        continue;
      }
      const items =
        value instanceof Map ? [...value.values()] : Array.isArray(value) ? value : [...value];
      for (const item of items) {
        if (!accepted(validator.validate(item, args))) return false;
        if (check.integer && isUnsafeInteger(item)) return false;
      }
    }
    return true;
  };

  return (instance) => {
    const object = instance as Record<string, unknown>;
    const targetName = (object.constructor as Function | undefined)?.name;
    for (const property of properties) {
      const value = object[property.name];
      let applies = true;
      for (const condition of property.conditions) {
        if (!(condition.constraints[0] as (o: object, v: unknown) => unknown)(object, value)) {
          applies = false; // every condition still runs, as in class-validator
        }
      }
      if (!applies) continue;
      for (const check of property.checks) {
        if (!passes(check, object, value, targetName)) return false;
      }
      if (property.nested !== undefined && !nestedPasses(property.nested, value)) return false;
    }
    return true;
  };
}

/**
 * `@ValidateNested()` on one value, as the executor runs it: nothing to check when absent, each
 * item of an array, or the object itself. Only instances of the nested model (as the fast path
 * builds them) are checked here; any other value defers to the executor.
 */
function nestedPasses(check: QuickCheck, value: unknown): boolean {
  if (value === undefined) return true;
  if (!Array.isArray(value)) return isInstance(value) && check(value);
  for (const item of value) if (!isInstance(item) || !check(item)) return false;
  return true;
}

const isInstance = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);
