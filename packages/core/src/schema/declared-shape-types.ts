// The declared shapes a schema compiles to: the graph the writer of a 2xx body walks.

/**
 * What a JSON Schema declares of the values it describes, as a graph of shapes: which properties
 * of an object are declared (and with which shape), which items of an array. It is what the
 * declared-response writer is compiled from (declared-projection.ts). The rules:
 * - an object schema with `properties` or `patternProperties` (or `additionalProperties: false`)
 *   keeps those; the rest is dropped
 *   unless `additionalProperties` (or, without it, `unevaluatedProperties`) is `true` or a schema
 *   (the rest then has that shape). An object schema that declares none of these (`{ type:
 *   "object" }`) describes any object and keeps it whole;
 * - an array keeps every item, each with the `items` shape (`prefixItems` for the first ones);
 * - `$ref` is resolved through the registry; a reference that does not resolve keeps the value;
 * - `allOf` (and `$ref` beside other keywords) merges: a property declared by any part is kept,
 *   with the shape every part that declares it gives it;
 * - `anyOf` / `oneOf` keep the union of their branches' properties: whichever branch the value
 *   matches, none of its declared fields is dropped, and nothing no branch declares is sent;
 * - the rest of an object is kept when some merged part keeps it;
 * - `const`, `enum` and schemas without object or array keywords keep the value as it is.
 */
export interface DeclaredShape {
  /** The shapes; the root is `nodes[0]`. A shape refers to others by index (recursion-safe). */
  readonly nodes: readonly ShapeNode[];
}

/** One shape: how an object and how an array that reach it are written. */
export interface ShapeNode {
  /** Undefined: an object is written as it is (nothing under it is dropped). */
  readonly object: ObjectShape | undefined;
  /** Undefined: an array is written as it is. */
  readonly array: ArrayShape | undefined;
}

/** The declared properties of an object. */
export interface ObjectShape {
  /** Declared names and the index of their shape, in the schema's order. */
  readonly properties: readonly (readonly [string, number])[];
  /** `patternProperties`: a key matching one (the first that matches) keeps that shape. */
  readonly patterns: readonly (readonly [RegExp, number])[];
  /** The shape of the other properties; undefined: they are dropped. */
  readonly rest: number | undefined;
}

/** The declared items of an array. */
export interface ArrayShape {
  /** Shapes of the first items (`prefixItems`). */
  readonly prefix: readonly number[];
  /** The shape of every other item. */
  readonly items: number;
}
