import type { ValidationIssue } from "@trellis/core";
import type { ClassPlan, NestedPlan } from "./class-plan.js";
import { unknownPropertyCode } from "./to-issues.js";

type Path = (string | number)[];
type Plain = Record<string, unknown>;

const isObject = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const nameAt = (path: Path) => (path.length === 0 ? "value" : String(path[path.length - 1]));

/**
 * The checks class-validator and class-transformer leave open, run on the plain input before it is
 * transformed: an object where a model is expected (class-validator's `@ValidateNested` accepts an
 * array of valid items, or nothing at all, in its place), an array where `each` is declared, a
 * known discriminator value, and, when rejecting, undeclared keys (class-transformer silently
 * drops `__proto__`, `constructor` and keys named like methods, so class-validator never sees
 * them). It visits only what the plans describe as nested models.
 */
export function createStructureGuard(planOf: (target: Function) => ClassPlan, reject: boolean) {
  const model = (value: unknown, target: Function, path: Path, issues: ValidationIssue[]): void => {
    if (!isObject(value)) {
      issues.push({ path, message: `${nameAt(path)} must be an object`, code: "isObject" });
      return;
    }
    const plan = planOf(target);
    if (reject) {
      for (const key of Object.keys(value)) {
        if (!plan.allowed.has(key)) {
          issues.push({
            path: [...path, key],
            message: `Unknown property "${key}"`,
            code: unknownPropertyCode,
          });
        }
      }
    }
    for (const property of plan.properties) {
      if (!property.nested || !Object.hasOwn(value, property.name)) continue;
      const inner = value[property.name];
      if (inner === undefined || inner === null) continue; // class-validator's own rules decide
      const innerPath = [...path, property.name];
      if (!property.nested.array) {
        item(inner, property.nested, innerPath, issues);
      } else if (!Array.isArray(inner)) {
        issues.push({
          path: innerPath,
          message: `${property.name} must be an array`,
          code: "isArray",
        });
      } else {
        const nested = property.nested;
        for (const [index, element] of inner.entries()) {
          item(element, nested, [...innerPath, index], issues);
        }
      }
    }
  };

  const item = (
    value: unknown,
    nested: NestedPlan,
    path: Path,
    issues: ValidationIssue[],
  ): void => {
    if (!isObject(value)) {
      issues.push({ path, message: `${nameAt(path)} must be an object`, code: "isObject" });
      return;
    }
    let target = nested.target;
    if (nested.discriminator) {
      const { property, subTypes } = nested.discriminator;
      target = subTypes.get(value[property]);
      if (!target) {
        const allowed = [...subTypes.keys()].map(String).join(", ");
        issues.push({
          path: [...path, property],
          message: `${property} must be one of: ${allowed}`,
          code: "isIn",
        });
        return;
      }
    }
    if (target) model(value, target, path, issues);
  };

  return (input: unknown, target: Function, issues: ValidationIssue[]) =>
    model(input, target, [], issues);
}
