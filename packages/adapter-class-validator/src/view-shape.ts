import { type ClassPlan, prototypeNames } from "./class-plan.js";
import { transformerShapeOf } from "./type-metadata.js";

/** What the structure guard knows of a class for the view it builds, read once. */
export interface ViewShape {
  /** Undeclared keys class-transformer must still see: `@Expose` names, prototype members, decorated. */
  readonly visible: ReadonlySet<string>;
  /** Declared properties without class-transformer metadata whose object values are copied here. */
  readonly copied: ReadonlySet<string>;
  /** Undeclared keys may be left out of the view and added to the instance afterwards ("keep"). */
  readonly additions: boolean;
  /** Unconditional ArrayMaxSize bounds, by property. */
  readonly maxItems: ReadonlyMap<string, number>;
  /**
   * No user code reads the object class-transformer is given (no `@Transform`, `@Expose`,
   * `@Exclude`): its view can be a plain object. Otherwise the view inherits from the input, so a
   * `@Transform` reading an undeclared key still finds it.
   */
  readonly plainView: boolean;
}

/**
 * A property's ArrayMaxSize bound that always applies (not `each`, not under `@ValidateIf`):
 * an array longer than it fails whatever its items are, so they need not be looked at.
 */
export function alwaysMaxItems(property: ClassPlan["properties"][number]): number | undefined {
  const { metadata } = property;
  if (metadata.some((item) => item.type === "conditionalValidation")) return undefined;
  let bound: number | undefined;
  for (const item of metadata) {
    const [max] = (item.constraints ?? []) as unknown[];
    if (
      item.type === "customValidation" &&
      item.name === "arrayMaxSize" &&
      !item.each &&
      !item.validateIf &&
      typeof max === "number" &&
      max >= 0
    ) {
      bound = Math.min(max, bound ?? max);
    }
  }
  return bound;
}

/**
 * The view shape of each class, read once per class whatever the policy. `exact` says
 * class-transformer runs with its default options, which the copies and additions model.
 */
export function createViewShapes(exact: boolean): (target: Function, plan: ClassPlan) => ViewShape {
  const shapes = new WeakMap<Function, ViewShape>();
  return (target, plan) => {
    let shape = shapes.get(target);
    if (shape) return shape;
    const transformer = transformerShapeOf(target);
    const visible = new Set([...transformer.exposedNames, ...prototypeNames(target)]);
    for (const name of transformer.properties ?? []) visible.add(name);
    const known = transformer.properties !== undefined;
    const copied = new Set<string>();
    const maxItems = new Map<string, number>();
    for (const property of plan.properties) {
      if (
        exact &&
        known &&
        transformer.typesOnly &&
        !property.nested &&
        !visible.has(property.name)
      ) {
        copied.add(property.name);
      }
      const max = alwaysMaxItems(property);
      if (max !== undefined) maxItems.set(property.name, max);
    }
    const additions = exact && known && transformer.exposesAll;
    shape = { visible, copied, additions, maxItems, plainView: known && transformer.typesOnly };
    shapes.set(target, shape);
    return shape;
  };
}
