import { type ClassPlan, prototypeNames } from "./class-plan.js";
import { transformerShapeOf } from "./type-metadata.js";

/** What the structure guard knows of a class for the view it builds, read once. */
export interface ViewShape {
  /** Undeclared keys class-transformer must still see: `@Expose` names, prototype members, decorated. */
  readonly visible: ReadonlySet<string>;
  /**
   * Declared properties without class-transformer metadata whose object values are copied here,
   * out of class-transformer's sight: null in a plain view, left out of one that inherits from
   * the input (a `@Transform` reading the object it is given still finds the value there).
   */
  readonly copied: ReadonlySet<string>;
  /** Undeclared keys may be left out of the view and added to the instance afterwards ("keep"). */
  readonly additions: boolean;
  /**
   * No user code reads the object class-transformer is given (no `@Transform`, `@Expose`,
   * `@Exclude`): its view can be a plain object. Otherwise the view inherits from the input, so a
   * `@Transform` reading an undeclared key still finds it.
   */
  readonly plainView: boolean;
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
    // class-transformer copies every key of a class that exposes all (no class-level @Expose or
    // @Exclude); a copy made here is the same when the property has no metadata of its own.
    const copies = exact && known && transformer.exposesAll;
    const copied = new Set<string>();
    for (const property of plan.properties) {
      if (copies && !property.nested && !visible.has(property.name)) copied.add(property.name);
    }
    shape = { visible, copied, additions: copies, plainView: known && transformer.typesOnly };
    shapes.set(target, shape);
    return shape;
  };
}
