import type { ArrayShape, DeclaredShape, ObjectShape } from "./declared-shape-types.js";
import type { JsonSchema } from "./json-schema.js";
import type { SchemaRegistry } from "./schema-registry.js";
import { simplified } from "./simplified-shapes.js";

export type { ArrayShape, DeclaredShape, ObjectShape, ShapeNode } from "./declared-shape-types.js";

/** Shapes beyond this many (a schema of that size is a generator's bug) fail the startup. */
export const maxShapes = 5_000;

// A schema expression: one schema, or parts that all hold ("all") or one of which holds ("any").
class Combined {
  constructor(
    readonly op: "all" | "any",
    readonly parts: readonly Expr[],
  ) {}
}
type Expr = JsonSchema | boolean | Combined;

// What an expression says of objects and of arrays: kept as they are, not admitted at all, or
// declared. In a merge "as-is" is neutral for "all" and absorbing for "any"; "none" the reverse.
type Facet<T> = "as-is" | "none" | T;
interface ObjectFacet {
  readonly properties: Map<string, Expr>;
  readonly patterns: (readonly [string, Expr])[];
  readonly rest: Expr | undefined;
}
interface ArrayFacet {
  readonly prefix: readonly Expr[];
  readonly items: Expr;
}
interface Facets {
  readonly object: Facet<ObjectFacet>;
  readonly array: Facet<ArrayFacet>;
}

const asIs: Facets = { object: "as-is", array: "as-is" };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asExpr = (value: unknown): Expr =>
  typeof value === "boolean" || isRecord(value) ? (value as Expr) : true;

function combine(op: "all" | "any", a: Expr, b: Expr): Expr {
  if (a === b) return a;
  const parts = [a, b].flatMap((part) =>
    part instanceof Combined && part.op === op ? part.parts : [part],
  );
  return new Combined(op, parts);
}

function mergeObjects(op: "all" | "any", a: ObjectFacet, b: ObjectFacet): ObjectFacet {
  const properties = new Map<string, Expr>();
  const take = (from: ObjectFacet, other: ObjectFacet) => {
    for (const [name, shape] of from.properties) {
      if (properties.has(name)) continue;
      const theirs = other.properties.get(name) ?? other.rest;
      properties.set(name, theirs === undefined ? shape : combine(op, shape, theirs));
    }
  };
  take(a, b);
  take(b, a);
  const rest =
    a.rest === undefined ? b.rest : b.rest === undefined ? a.rest : combine(op, a.rest, b.rest);
  return { properties, patterns: [...a.patterns, ...b.patterns], rest };
}

function mergeArrays(op: "all" | "any", a: ArrayFacet, b: ArrayFacet): ArrayFacet {
  const length = Math.max(a.prefix.length, b.prefix.length);
  const prefix: Expr[] = [];
  for (let index = 0; index < length; index++) {
    prefix.push(combine(op, a.prefix[index] ?? a.items, b.prefix[index] ?? b.items));
  }
  return { prefix, items: combine(op, a.items, b.items) };
}

function mergeFacet<T>(
  op: "all" | "any",
  a: Facet<T>,
  b: Facet<T>,
  merge: (op: "all" | "any", a: T, b: T) => T,
): Facet<T> {
  const neutral = op === "all" ? "as-is" : "none";
  if (a === neutral) return b;
  if (b === neutral) return a;
  if (a === "as-is" || a === "none") return a;
  if (b === "as-is" || b === "none") return b;
  return merge(op, a, b);
}

function merge(op: "all" | "any", a: Facets, b: Facets): Facets {
  return {
    object: mergeFacet(op, a.object, b.object, mergeObjects),
    array: mergeFacet(op, a.array, b.array, mergeArrays),
  };
}

// What one schema's own keywords say, before `$ref`, `allOf`, `anyOf` and `oneOf`.
function ownFacets(schema: JsonSchema): Facets {
  if ("const" in schema || "enum" in schema) return asIs;
  const type = schema.type;
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  let object: Facet<ObjectFacet> = types && !types.includes("object") ? "none" : "as-is";
  let array: Facet<ArrayFacet> = types && !types.includes("array") ? "none" : "as-is";
  const { properties, patternProperties } = schema;
  // `additionalProperties: false` alone declares an object without properties.
  const declares =
    isRecord(properties) || isRecord(patternProperties) || schema.additionalProperties === false;
  if (object === "as-is" && declares) {
    const additional = schema.additionalProperties ?? schema.unevaluatedProperties;
    object = {
      properties: new Map(
        isRecord(properties)
          ? Object.keys(properties).map((name) => [name, asExpr(properties[name])])
          : [],
      ),
      patterns: isRecord(patternProperties)
        ? Object.keys(patternProperties).map(
            (key) => [key, asExpr(patternProperties[key])] as const,
          )
        : [],
      rest: additional === undefined || additional === false ? undefined : asExpr(additional),
    };
  } else if (object === "as-is" && isRecord(schema.additionalProperties)) {
    // Only `additionalProperties` (a record of one shape): every property has that shape.
    object = { properties: new Map(), patterns: [], rest: schema.additionalProperties as Expr };
  }
  const { items, prefixItems } = schema;
  if (array === "as-is" && (items !== undefined || Array.isArray(prefixItems))) {
    // Draft 4-7 tuples (`items` as an array, `additionalItems`) are read too.
    const tuple = Array.isArray(items) ? items : Array.isArray(prefixItems) ? prefixItems : [];
    const rest = Array.isArray(items) ? schema.additionalItems : items;
    array = { prefix: tuple.map(asExpr), items: rest === undefined ? true : asExpr(rest) };
  }
  return { object, array };
}

/** Builds the shape graph of a schema; `where` names the route in a startup error. */
export function declaredShape(
  schema: JsonSchema,
  registry: SchemaRegistry,
  onTooLarge: () => never,
): DeclaredShape {
  const ids = new Map<object, number>();
  const idOf = (schema: object) => {
    let id = ids.get(schema);
    if (id === undefined) {
      id = ids.size;
      ids.set(schema, id);
    }
    return id;
  };
  const keyOf = (expr: Expr): string => {
    if (typeof expr === "boolean") return expr ? "T" : "F";
    if (!(expr instanceof Combined)) return String(idOf(expr));
    const parts = [...new Set(expr.parts.map(keyOf))].sort();
    return parts.length === 1 ? (parts[0] as string) : `${expr.op}(${parts.join(",")})`;
  };

  // Facets of an expression; undefined when it is reached again while being read (a schema whose
  // `allOf`/`$ref` loops back to itself), which the merge then leaves out.
  const reading = new Set<object>();
  const facetsOf = (expr: Expr): Facets | undefined => {
    if (typeof expr === "boolean") return expr ? asIs : { object: "none", array: "none" };
    if (reading.has(expr)) return undefined;
    reading.add(expr);
    try {
      if (expr instanceof Combined) return combined(expr.op, expr.parts);
      let facets = ownFacets(expr);
      const all = (more: Facets | undefined) => {
        if (more !== undefined) facets = merge("all", facets, more);
      };
      if (typeof expr.$ref === "string") {
        const target = registry.resolve({ $ref: expr.$ref });
        // A reference that does not resolve says nothing: the value is kept.
        if (typeof target.$ref !== "string") all(facetsOf(target));
      }
      if (Array.isArray(expr.allOf)) all(combined("all", expr.allOf.map(asExpr)));
      if (Array.isArray(expr.anyOf)) all(combined("any", expr.anyOf.map(asExpr)));
      if (Array.isArray(expr.oneOf)) all(combined("any", expr.oneOf.map(asExpr)));
      return facets;
    } finally {
      reading.delete(expr);
    }
  };
  const combined = (op: "all" | "any", parts: readonly Expr[]): Facets | undefined => {
    let facets: Facets | undefined;
    for (const part of parts) {
      const more = facetsOf(part);
      if (more !== undefined) facets = facets === undefined ? more : merge(op, facets, more);
    }
    return facets;
  };

  const nodes: { object: ObjectShape | undefined; array: ArrayShape | undefined }[] = [];
  const built = new Map<string, number>();
  const build = (expr: Expr): number => {
    const key = keyOf(expr);
    const known = built.get(key);
    if (known !== undefined) return known;
    if (nodes.length >= maxShapes) onTooLarge();
    const id = nodes.length;
    const node: (typeof nodes)[number] = { object: undefined, array: undefined };
    nodes.push(node);
    built.set(key, id);
    const facets = facetsOf(expr) ?? asIs;
    const { object, array } = facets;
    if (typeof object === "object") {
      node.object = {
        properties: [...object.properties].map(([name, shape]) => [name, build(shape)] as const),
        patterns: object.patterns.flatMap(([pattern, shape]) => {
          const regex = patternRegex(pattern);
          return regex === undefined ? [] : [[regex, build(shape)] as const];
        }),
        rest: object.rest === undefined ? undefined : build(object.rest),
      };
    }
    if (typeof array === "object") {
      node.array = { prefix: array.prefix.map(build), items: build(array.items) };
    }
    return id;
  };
  build(schema);
  return { nodes: simplified(nodes) };
}

// A `patternProperties` key as a regular expression (Unicode, as JSON Schema reads it); one that
// does not compile matches nothing, so what it would have kept is dropped.
function patternRegex(pattern: string): RegExp | undefined {
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(pattern, flags);
    } catch {}
  }
  return undefined;
}
