type Plain = Record<string, unknown>;

/** What to do to an instance (and its nested instances) once class-transformer has built it. */
export interface Patch {
  /** Declared properties the view held back (null in it), with the copy to set instead. */
  readonly copies: readonly (readonly [string, unknown])[];
  /**
   * Keys the view left out, with the copy to set: undeclared ones under "keep", and declared ones
   * held back from a view that inherits from the input.
   */
  readonly additions: readonly (readonly [string, unknown])[];
  /** Patches of nested instances: property, array position (for an item), patch. */
  readonly nested: readonly (readonly [string, number | undefined, Patch])[];
}

/**
 * Completes an instance built from a view: sets the copies the view held back, and adds the
 * keys it left out where class-transformer would have set them (not over a method or a getter).
 * Nested instances are found where class-transformer put them.
 */
export function applyPatch(patch: Patch | undefined, target: unknown): void {
  if (patch === undefined || typeof target !== "object" || target === null) return;
  const object = target as Plain;
  for (const [key, copy] of patch.copies) {
    if (Object.hasOwn(object, key) && object[key] === null) object[key] = copy;
  }
  if (patch.additions.length > 0) {
    const prototype = (object.constructor as { prototype?: object } | undefined)?.prototype;
    for (const [key, copy] of patch.additions) {
      // The check class-transformer makes before it sets a key.
      if (prototype) {
        const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
        if ((descriptor && !descriptor.set) || object[key] instanceof Function) continue;
      }
      object[key] = copy;
    }
  }
  for (const [key, index, inner] of patch.nested) {
    const child = object[key];
    applyPatch(
      inner,
      index === undefined ? child : Array.isArray(child) ? child[index] : undefined,
    );
  }
}
