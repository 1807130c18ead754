import type { JsonSchema } from "./json-schema.js";
import type { SchemaRegistry } from "./schema-registry.js";

/** A path from the root of an input: property names and array indexes. */
export type InputPath = readonly (string | number)[];

/**
 * What one walk of an input found: undeclared properties, integers JSON cannot carry exactly, and
 * arrays where only an object is allowed (libraries that test `typeof value === "object"` take them).
 */
export interface ShapeFindings {
  // Filled by the walk; undefined until it finds something, so a clean input allocates nothing.
  undeclared: InputPath[] | undefined;
  unsafeIntegers: InputPath[] | undefined;
  arraysForObjects: InputPath[] | undefined;
}

/**
 * Walks one value at `path`, recording what it finds. `path` is one stack the walk pushes to and
 * pops from (a copy is made only for what is recorded), so a clean input allocates no paths.
 */
export type ShapeWalk = (
  value: unknown,
  path: (string | number)[],
  findings: ShapeFindings,
) => void;

type Node = Record<string, unknown>;

function record(findings: ShapeFindings, kind: keyof ShapeFindings, path: InputPath): void {
  const found = findings[kind];
  if (found === undefined) findings[kind] = [path.slice()];
  else found.push(path.slice());
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const typesOf = (schema: Node): readonly unknown[] | undefined =>
  typeof schema.type === "string"
    ? [schema.type]
    : Array.isArray(schema.type)
      ? schema.type
      : undefined;

/** The JSON type of a value, as JSON Schema names it ("integer" also matches "number"). */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "number" && Number.isInteger(value) ? "integer" : typeof value;
}

/**
 * A cheap guess whether a union member describes `value`: its type and the `const`/single `enum`
 * of its properties (a discriminator) agree. Used to pick the branch whose properties are declared.
 */
function mayDescribe(schema: Node, value: unknown, registry: SchemaRegistry): boolean {
  const resolved = registry.resolve(schema as JsonSchema) as Node;
  const types = typesOf(resolved);
  const type = jsonType(value);
  if (types && !types.includes(type) && !(type === "integer" && types.includes("number"))) {
    return false;
  }
  if (!isNode(value) || !isNode(resolved.properties)) return true;
  for (const [name, property] of Object.entries(resolved.properties)) {
    if (!isNode(property) || !Object.hasOwn(value, name)) continue;
    if ("const" in property && property.const !== value[name]) return false;
    const choices = property.enum;
    if (Array.isArray(choices) && choices.length === 1 && choices[0] !== value[name]) return false;
  }
  return true;
}

/** What an object schema declares, merged from `allOf` and the matching union members. */
interface ObjectView {
  readonly properties: Map<string, JsonSchema>;
  readonly patterns: [RegExp, JsonSchema][];
  /** Extras are allowed (`additionalProperties: true` or a schema, which is then walked). */
  open: boolean | JsonSchema;
  /** Some member says which properties it has: anything else is undeclared. */
  closed: boolean;
}

/**
 * Compiles a JSON Schema, once, into a walk that finds, in an input, the properties no object
 * schema declares and the integers beyond ±(2^53 - 1). What a Standard Schema library cannot be
 * told (core's unknown-property policy, safe integers), core applies from the JSON Schema with it.
 * Only objects with `properties` and without `additionalProperties`/`patternProperties` that allow
 * extras are closed; a union of objects uses the members its value may match (by type and
 * discriminator), all of them when several do, so it errs towards keeping a property.
 */
export function compileShapeCheck(schema: JsonSchema, registry: SchemaRegistry): ShapeWalk {
  const compiled = new Map<unknown, ShapeWalk>();

  const compile = (node: unknown): ShapeWalk => {
    const known = compiled.get(node);
    if (known) return known;
    let walk: ShapeWalk | undefined;
    // Recursive schemas: the entry exists before the body is built.
    compiled.set(node, (value, path, findings) => walk?.(value, path, findings));
    walk = build(node);
    compiled.set(node, walk);
    return walk;
  };

  const build = (node: unknown): ShapeWalk => {
    if (!isNode(node)) return () => {};
    const schemaNode = registry.resolve(node as JsonSchema) as Node;
    const types = typesOf(schemaNode);
    const integer = types?.includes("integer") === true;
    const objectOnly = types?.includes("object") === true && !types.includes("array");
    const items = isNode(schemaNode.items) ? compile(schemaNode.items) : undefined;
    const prefix = Array.isArray(schemaNode.prefixItems) ? schemaNode.prefixItems.map(compile) : [];
    // Items past the bound are never walked: the library refuses such an array whatever they hold.
    const maxItems =
      typeof schemaNode.maxItems === "number" ? schemaNode.maxItems : Number.POSITIVE_INFINITY;
    // Without a union anywhere in it, what an object declares does not depend on the value: its
    // properties' walks are then looked up once, here, not on every key of every input.
    const fixedView = hasUnion(schemaNode, 0) ? undefined : viewOf(schemaNode, {});
    const fixedWalks =
      fixedView &&
      new Map([...fixedView.properties].map(([name, declared]) => [name, compile(declared)]));
    return (value, path, findings) => {
      if (typeof value === "number") {
        if (integer && Number.isInteger(value) && !Number.isSafeInteger(value)) {
          record(findings, "unsafeIntegers", path);
        }
        return;
      }
      if (Array.isArray(value)) {
        if (objectOnly) {
          record(findings, "arraysForObjects", path);
          return;
        }
        const end = Math.min(value.length, maxItems);
        for (let index = 0; index < end; index++) {
          const each = prefix[index] ?? items;
          if (each === undefined) continue;
          path.push(index);
          each(value[index], path, findings);
          path.pop();
        }
        return;
      }
      if (!isNode(value)) return;
      const view = fixedView ?? viewOf(schemaNode, value);
      for (const key of Object.keys(value)) {
        const inner = value[key];
        let declared: ShapeWalk | undefined;
        if (fixedWalks !== undefined) declared = fixedWalks.get(key);
        else {
          const schema = view.properties.get(key);
          if (schema !== undefined) declared = compile(schema);
        }
        path.push(key);
        if (declared !== undefined) declared(inner, path, findings);
        else {
          const pattern = view.patterns.find(([test]) => test.test(key));
          if (pattern) compile(pattern[1])(inner, path, findings);
          else if (isNode(view.open)) compile(view.open)(inner, path, findings);
          else if (view.open === false && view.closed) record(findings, "undeclared", path);
        }
        path.pop();
      }
    };
  };

  const hasUnion = (member: unknown, depth: number): boolean => {
    if (!isNode(member) || depth > 16) return false;
    const current = registry.resolve(member as JsonSchema) as Node;
    if (Array.isArray(current.anyOf) || Array.isArray(current.oneOf)) return true;
    return (
      Array.isArray(current.allOf) && current.allOf.some((inner) => hasUnion(inner, depth + 1))
    );
  };

  const patterns = new Map<string, RegExp | undefined>();
  const patternOf = (source: string): RegExp | undefined => {
    if (!patterns.has(source)) {
      let compiledPattern: RegExp | undefined;
      try {
        compiledPattern = new RegExp(source, "u");
      } catch {
        compiledPattern = undefined; // a pattern JavaScript cannot read: its keys count as declared
      }
      patterns.set(source, compiledPattern);
    }
    return patterns.get(source);
  };

  const viewOf = (schemaNode: Node, value: Node): ObjectView => {
    const view: ObjectView = { properties: new Map(), patterns: [], open: false, closed: false };
    const merge = (member: unknown, depth: number): void => {
      if (!isNode(member) || depth > 16) return;
      const current = registry.resolve(member as JsonSchema) as Node;
      if (isNode(current.properties)) {
        view.closed = true;
        for (const [name, property] of Object.entries(current.properties)) {
          if (!view.properties.has(name)) view.properties.set(name, property as JsonSchema);
        }
      }
      if (isNode(current.patternProperties)) {
        for (const [pattern, property] of Object.entries(current.patternProperties)) {
          const test = patternOf(pattern);
          if (test) view.patterns.push([test, property as JsonSchema]);
          else view.open = true;
        }
      }
      const extra = current.additionalProperties ?? current.unevaluatedProperties;
      if (extra === true || isNode(extra)) view.open = isNode(view.open) ? view.open : extra;
      if (Array.isArray(current.allOf)) for (const inner of current.allOf) merge(inner, depth + 1);
      for (const union of [current.anyOf, current.oneOf]) {
        if (!Array.isArray(union)) continue;
        const matching = union.filter(
          (inner) => isNode(inner) && mayDescribe(inner, value, registry),
        );
        for (const inner of matching.length > 0 ? matching : union) merge(inner, depth + 1);
      }
    };
    merge(schemaNode, 0);
    return view;
  };

  return compile(schema);
}
