import type { ValidationIssue } from "@trellis/core/extend";
import type { ValidationArguments } from "class-validator";
import type { ClassPlan, ValidationMetadata } from "./class-plan.js";

type Path = (string | number)[];

/**
 * True for a number class-validator's IsInt accepts that is not a safe integer: JSON parsing
 * rounds 9007199254740993 to ...992, a different number than the client sent, and
 * `Number.isInteger` cannot tell. Every such input parses to an unsafe integer, so checking the
 * parsed (or transformed) value is enough.
 */
export const isUnsafeInteger = (value: unknown): boolean =>
  typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value);

/** The IsInt decorators among a property's metadata. */
export const isIntMetadata = (metadata: ValidationMetadata): boolean =>
  metadata.type === "customValidation" && metadata.name === "isInt";

/** What class-validator validates with `each`: an array's items, a set's values, a map's values. */
export function eachValues(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value instanceof Set || value instanceof Map) return [...value.values()];
  return undefined;
}

interface PropertyShape {
  readonly name: string;
  readonly conditions: readonly ValidationMetadata[];
  readonly integers: readonly ValidationMetadata[];
  readonly nested: boolean;
}

const bounds = `from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

// The decorator's own message when it has one (as class-validator would word it), else ours.
function messageOf(metadata: ValidationMetadata, args: ValidationArguments): string {
  const { message } = metadata;
  if (typeof message === "function") return message(args);
  if (typeof message === "string") {
    return message
      .replaceAll("$property", args.property)
      .replaceAll("$target", args.targetName)
      .replaceAll("$value", String(args.value));
  }
  const subject = metadata.each ? `each value in ${args.property}` : args.property;
  return `${subject} must be a safe integer, ${bounds}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

// A path as a string that tells 0 from "0".
const pathKey = (path: readonly unknown[]) => JSON.stringify(path);

/**
 * The safe-integer half of IsInt, for the validated instance: adds an `isInt` issue for every
 * IsInt property (or `each` item) holding an unsafe integer, under the same IsOptional/ValidateIf
 * conditions and through the same nested models as class-validator. With `onePerPath`
 * (stopAtFirstError) a property that already has an issue gets no second one.
 */
export function createSafeIntegerCheck(planOf: (target: Function) => ClassPlan) {
  const shapes = new WeakMap<Function, readonly PropertyShape[]>();
  const shapeOf = (target: Function): readonly PropertyShape[] => {
    let shape = shapes.get(target);
    if (shape) return shape;
    shape = planOf(target)
      .properties.map((property) => ({
        name: property.name,
        conditions: property.metadata.filter((item) => item.type === "conditionalValidation"),
        integers: property.metadata.filter(isIntMetadata),
        nested: property.nested !== undefined,
      }))
      .filter((property) => property.integers.length > 0 || property.nested);
    shapes.set(target, shape);
    return shape;
  };

  return (instance: object, issues: ValidationIssue[], onePerPath: boolean): void => {
    const seen = new Set<object>();
    // The paths that have an issue, read on the first report (a set: 150,000 issues stay linear).
    let reported: Set<string> | undefined;
    const report = (path: Path, message: string) => {
      if (onePerPath) {
        reported ??= new Set(issues.map((issue) => pathKey(issue.path)));
        const key = pathKey(path);
        if (reported.has(key)) return;
        reported.add(key);
      }
      issues.push({ path, message, code: "isInt" });
    };

    const walk = (object: Record<string, unknown>, path: Path): void => {
      if (seen.has(object)) return;
      seen.add(object);
      const target = object.constructor;
      if (typeof target !== "function") return;
      for (const property of shapeOf(target)) {
        const value = object[property.name];
        let applies = true;
        for (const condition of property.conditions) {
          // Every condition runs, as in class-validator.
          if (!(condition.constraints[0] as (o: object, v: unknown) => unknown)(object, value))
            applies = false;
        }
        if (!applies) continue;
        const here = [...path, property.name];
        for (const metadata of property.integers) {
          if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
          const values = metadata.each ? eachValues(value) : undefined;
          if (!(values ? values.some(isUnsafeInteger) : isUnsafeInteger(value))) continue;
          const args: ValidationArguments = {
            value,
            constraints: metadata.constraints ?? [],
            targetName: target.name,
            object,
            property: property.name,
          };
          report(here, messageOf(metadata, args));
        }
        if (property.nested) visitNested(value, here);
      }
    };

    // class-validator validates arrays, sets and maps of nested models item by item.
    const visitNested = (value: unknown, path: Path): void => {
      if (value instanceof Map) {
        for (const [key, item] of value) if (isObject(item)) walk(item, [...path, String(key)]);
      } else if (Array.isArray(value) || value instanceof Set) {
        let index = 0;
        for (const item of value) {
          if (isObject(item)) walk(item, [...path, index]);
          index++;
        }
      } else if (isObject(value)) {
        walk(value, path);
      }
    };

    walk(instance as Record<string, unknown>, []);
  };
}
