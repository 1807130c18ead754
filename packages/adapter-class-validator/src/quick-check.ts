import { getMetadataStorage, type ValidatorOptions } from "class-validator";
import type { ClassPlan, ValidationMetadata } from "./class-plan.js";
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
}

// The metadata kinds class-validator's executor handles without nesting or promises.
const handled = new Set([
  "customValidation",
  "isDefined",
  "conditionalValidation",
  "whitelistValidation",
]);

const isThenable = (value: unknown): boolean =>
  typeof (value as { then?: unknown } | null | undefined)?.then === "function";

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
 * Compiles, once per class, the success path of `validateSync` for classes without nested or
 * promise validation: the same constraint validators with the same arguments, the same
 * `IsOptional`/`ValidateIf` conditions, `each` over arrays, sets and maps, async constraints
 * skipped, and IsInt refusing unsafe integers as the full path does. Any failure (or a validator answering with a promise) defers to `validateSync`, so
 * messages and codes are always class-validator's own. Undefined when the class or the options
 * (skipMissingProperties and its kin) need the real executor every time.
 */
export function createQuickCheck(
  plan: ClassPlan,
  options: ValidatorOptions,
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
    for (const metadata of property.metadata) {
      if (!handled.has(metadata.type)) return undefined;
      if (metadata.type === "conditionalValidation") {
        conditions.push(metadata);
      } else if (metadata.type !== "whitelistValidation") {
        const constraints = storage
          .getTargetValidatorConstraints(metadata.constraintCls)
          .map(lazyConstraint);
        const integer = isIntMetadata(metadata);
        (metadata.type === "isDefined" ? defined : custom).push({ metadata, constraints, integer });
      }
    }
    // The executor checks IsDefined first, then the other constraints.
    properties.push({ name: property.name, conditions, checks: [...defined, ...custom] });
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
        const valid = validator.validate(value, args);
        if (!valid || isThenable(valid) || (check.integer && isUnsafeInteger(value))) return false;
        continue;
      }
      const items =
        value instanceof Map ? [...value.values()] : Array.isArray(value) ? value : [...value];
      for (const item of items) {
        const valid = validator.validate(item, args);
        if (!valid || isThenable(valid) || (check.integer && isUnsafeInteger(item))) return false;
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
    }
    return true;
  };
}
