import {
  getMetadataStorage,
  type ValidationArguments,
  type ValidatorOptions,
} from "class-validator";
import type { ClassPlan, ValidationMetadata } from "./class-plan.js";
import { type Constraint, failure } from "./constraint-message.js";
import type { Reword } from "./to-issues.js";

/** The class-validator checks that say what type a value has. */
const typeChecks: ReadonlySet<string> = new Set([
  "isInt",
  "isNumber",
  "isString",
  "isBoolean",
  "isArray",
  "isObject",
]);

// Issues that are not about the value's range or form: left as they are.
const kept: ReadonlySet<string> = new Set([
  ...typeChecks,
  "isDefined",
  "nestedValidation",
  "whitelistValidation",
  "unknownValue",
]);

/**
 * With `stopAtFirstError` (the adapter's default), class-validator reports a property's first
 * failing check in the order the decorators were applied, bottom-up: `@IsInt() @Min(1) @Max(100)`
 * checks Max first, so `?limit=abc` (a string core could not read as a number) answers "limit
 * must not be greater than 100". This rewords such an issue: when a type check of the property
 * (IsInt, IsNumber, IsString, IsBoolean, IsArray, IsObject) fails too, it is reported instead,
 * with its code and the message class-validator gives it ("limit must be an integer number").
 * Only for one issue per property; with `stopAtFirstError: false` every check is reported anyway.
 */
export function createTypeFirst(
  planOf: (target: Function) => ClassPlan,
  options: ValidatorOptions,
): Reword {
  const storage = getMetadataStorage();
  const checks = new WeakMap<Function, Map<string, readonly ValidationMetadata[]>>();
  const checksOf = (target: Function, property: string): readonly ValidationMetadata[] => {
    let byProperty = checks.get(target);
    if (!byProperty) {
      byProperty = new Map();
      for (const { name, metadata } of planOf(target).properties) {
        const types = metadata.filter(
          (item) =>
            item.type === "customValidation" &&
            item.name !== undefined &&
            typeChecks.has(item.name),
        );
        if (types.length > 0) byProperty.set(name, types);
      }
      checks.set(target, byProperty);
    }
    return byProperty.get(property) ?? [];
  };

  return (object, property, value, code) => {
    if (kept.has(code)) return undefined;
    const target = (object as { constructor?: unknown }).constructor;
    if (typeof target !== "function") return undefined;
    for (const metadata of checksOf(target, property)) {
      if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
      const args: ValidationArguments = {
        targetName: target.name,
        property: metadata.propertyName,
        object,
        value,
        constraints: metadata.constraints,
      };
      const each =
        metadata.each && (Array.isArray(value) || value instanceof Set || value instanceof Map);
      const items = each
        ? [...(value as Iterable<unknown> & { values(): Iterable<unknown> }).values()]
        : [value];
      for (const constraint of storage.getTargetValidatorConstraints(
        metadata.constraintCls,
      ) as Constraint[]) {
        if (constraint.async) continue; // validateSync ignores async checks
        // A promise is truthy: validateSync leaves it unawaited, which is not a failure.
        const passes = items.every((item) => Boolean(constraint.instance.validate(item, args)));
        if (passes) continue;
        return failure(metadata, constraint, args, options);
      }
    }
    return undefined;
  };
}
