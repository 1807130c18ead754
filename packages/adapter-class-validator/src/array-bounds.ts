import type { ValidationIssue } from "@trellis/core/extend";
import type { ClassTransformOptions } from "class-transformer";
import { getMetadataStorage, type ValidatorOptions } from "class-validator";
import type { ClassPlan, PropertyPlan, ValidationMetadata } from "./class-plan.js";
import { type Constraint, failure } from "./constraint-message.js";
import { findTypeMetadata, transformerShapeOf } from "./type-metadata.js";

type Path = (string | number)[];
type Check = [metadata: ValidationMetadata, max: number];

/** An ArrayMaxSize that applies to any array a property holds. */
export interface ArrayBound {
  /** The smallest of the property's bounds. */
  readonly max: number;
  /** class-validator's issue for `array` (longer than `max`) in `object`, the plain input. */
  issue(object: object, array: readonly unknown[], path: Path): ValidationIssue;
}

/** What is checked of a class's plain input before class-transformer sees it, read once. */
export interface ClassBounds {
  /** The bounds of the class's own properties, by property. */
  readonly arrays: ReadonlyMap<string, ArrayBound>;
  /**
   * Nested properties whose models' bounds are checked too: class-transformer builds the nested
   * instances from the plain values as they are (no `@Transform`, `@Expose`, `@Exclude` on them).
   */
  readonly descend: ReadonlySet<string>;
}

const none: ClassBounds = { arrays: new Map(), descend: new Set() };

/**
 * Whether `plainToInstance` with these options copies every declared key to its property as it
 * is (no key dropped by a strategy, a prefix or `excludeExtraneousValues`, no target maps).
 */
function copiesKeys(options: ClassTransformOptions | undefined): boolean {
  if (options === undefined) return true;
  return (
    options.strategy !== "excludeAll" &&
    options.excludeExtraneousValues !== true &&
    (options.excludePrefixes ?? []).length === 0 &&
    (options.targetMaps ?? []).length === 0
  );
}

// IsOptional skips a property's checks for null and undefined only: an array is always checked.
// Any other condition (ValidateIf) may skip them for an array too.
const appliesToArrays = (property: PropertyPlan) =>
  property.metadata.every(
    (item) => item.type !== "conditionalValidation" || item.name === "isOptional",
  );

function arrayMaxSizes(property: PropertyPlan): Check[] {
  const found: Check[] = [];
  for (const item of property.metadata) {
    const [max] = (item.constraints ?? []) as unknown[];
    if (
      item.type === "customValidation" &&
      item.name === "arrayMaxSize" &&
      !item.each &&
      !item.validateIf &&
      typeof max === "number" &&
      max >= 0
    ) {
      found.push([item, max]);
    }
  }
  return found;
}

/**
 * The ArrayMaxSize bounds checked before class-transformer builds anything, per class, read once
 * from class-validator's and class-transformer's metadata: an array longer than its bound fails
 * whatever its items are, so its items are never transformed nor validated (150,000 of them would
 * each become an instance first). A bound counts when it always applies to an array (not `each`,
 * no `ValidateIf`; `IsOptional` is fine) and class-transformer hands the property the plain array
 * as it is (no `@Transform`, `@Expose` or `@Exclude` on it or on the class, options that drop no
 * key). The issue is class-validator's for that constraint, its custom message included; with
 * `stopAtFirstError` it is the property's one issue, reported before any check of its items.
 */
export function createArrayBounds(
  planOf: (target: Function) => ClassPlan,
  validatorOptions: ValidatorOptions,
  transformerOptions: ClassTransformOptions | undefined,
): (target: Function) => ClassBounds {
  const storage = getMetadataStorage();
  const copies = copiesKeys(transformerOptions);
  const cache = new WeakMap<Function, ClassBounds>();

  const boundOf = (target: Function, checks: Check[]): ArrayBound => ({
    max: Math.min(...checks.map(([, max]) => max)),
    issue(object, array, path) {
      // The first bound the array breaks, in the order class-validator checks them.
      const [metadata] = checks.find(([, max]) => array.length > max) ?? (checks[0] as Check);
      const [constraint] = storage.getTargetValidatorConstraints(
        metadata.constraintCls,
      ) as Constraint[];
      const args = {
        targetName: target.name,
        property: metadata.propertyName,
        object,
        value: array,
        constraints: metadata.constraints,
      };
      const [code, message] = constraint
        ? failure(metadata, constraint, args, validatorOptions)
        : [metadata.name ?? "arrayMaxSize", ""];
      return { path, message, code };
    },
  });

  return (target) => {
    let bounds = cache.get(target);
    if (bounds) return bounds;
    const shape = transformerShapeOf(target);
    const reshaped = shape.reshaped;
    bounds = none;
    if (copies && shape.exposesAll && reshaped !== undefined) {
      const arrays = new Map<string, ArrayBound>();
      const descend = new Set<string>();
      for (const property of planOf(target).properties) {
        if (reshaped.has(property.name)) continue;
        const checks = arrayMaxSizes(property);
        if (checks.length > 0 && appliesToArrays(property)) {
          arrays.set(property.name, boundOf(target, checks));
        }
        // A type function that reads its argument picks a class by the value: not followed.
        const type = findTypeMetadata(target, property.name);
        if (property.nested && type !== undefined && type.typeFunction.length === 0) {
          descend.add(property.name);
        }
      }
      bounds = { arrays, descend };
    }
    cache.set(target, bounds);
    return bounds;
  };
}
