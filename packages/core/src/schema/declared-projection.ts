import { configError } from "../errors/core-config-error.js";
import {
  type ArrayShape,
  type DeclaredShape,
  declaredShape,
  maxShapes,
  type ObjectShape,
  type ShapeNode,
} from "./declared-shape.js";
import type { JsonSchema } from "./json-schema.js";
import type { SchemaRegistry } from "./schema-registry.js";
import { setOwn } from "./set-own.js";

/**
 * A value reduced to what its schema declares, ready for `JSON.stringify` (or `Response.json`):
 * fresh objects holding only the declared properties, fresh arrays of projected items, every
 * other value as it is. `JSON.stringify` of the result writes exactly the declared part of what
 * `JSON.stringify` of the value would write:
 * - a declared property is read as `value[name]` (a getter counts, as in fast-json-stringify);
 *   `undefined`, functions and symbols are then left out by `JSON.stringify`, as always;
 * - `toJSON` is honoured: an object that has one is replaced by what it returns, which is then
 *   projected (a `Date` under a string schema is left to `JSON.stringify`, which calls it);
 * - a value the schema does not fit (a string where an object is declared, an object where a
 *   string is) is kept as it is: checking it is `@ValidateResponse`'s work, not this;
 * - properties come out in the schema's order.
 * Objects the schema keeps whole are not copied.
 */
export type Projection = (value: unknown) => unknown;

type Step = (value: unknown, key: string | number) => unknown;

// An object's `toJSON`, applied as JSON.stringify applies it (with the key it is written under).
function viaToJson(value: object, key: string | number): unknown {
  const toJson = (value as { toJSON?: unknown }).toJSON;
  return typeof toJson === "function" ? toJson.call(value, String(key)) : value;
}

// `value.__proto__` is the prototype: only an own property of that name is a declared value.
const readDeclared = (value: Record<string, unknown>, name: string) =>
  name === "__proto__" ? (Object.hasOwn(value, name) ? value[name] : undefined) : value[name];

/**
 * The projection, interpreted: the readable definition of what the generated writer does, used
 * where code generation is not allowed and as the tests' oracle for the generated one.
 */
export function interpretedProjection(shape: DeclaredShape): Projection {
  const steps: Step[] = shape.nodes.map(() => (value) => value);
  const step = (id: number) => (value: unknown, key: string | number) =>
    (steps[id] as Step)(value, key);
  shape.nodes.forEach((node, id) => {
    if (node.object === undefined && node.array === undefined) return;
    const object = node.object && objectStep(node.object, step);
    const array = node.array && arrayStep(node.array, step);
    steps[id] = (input, key) => {
      if (typeof input !== "object" || input === null) return input;
      const value = viaToJson(input, key);
      if (typeof value !== "object" || value === null) return value;
      if (Array.isArray(value)) return array ? array(value) : value;
      return object ? object(value as Record<string, unknown>) : value;
    };
  });
  const root = steps[0] as Step;
  return (value) => root(value, "");
}

function objectStep(shape: ObjectShape, step: (id: number) => Step) {
  const properties = shape.properties.map(([name, id]) => [name, step(id)] as const);
  const patterns = shape.patterns.map(([regex, id]) => [regex, step(id)] as const);
  const rest = shape.rest === undefined ? undefined : step(shape.rest);
  const declared = new Set(shape.properties.map(([name]) => name));
  const others = patterns.length > 0 || rest !== undefined;
  return (value: Record<string, unknown>) => {
    const output: Record<string, unknown> = {};
    for (const [name, write] of properties)
      setOwn(output, name, write(readDeclared(value, name), name));
    if (!others) return output;
    // The other own enumerable keys, as JSON.stringify lists them.
    for (const key of Object.keys(value)) {
      if (declared.has(key)) continue;
      const write = patterns.find(([regex]) => regex.test(key))?.[1] ?? rest;
      if (write !== undefined) setOwn(output, key, write(value[key], key));
    }
    return output;
  };
}

function arrayStep(shape: ArrayShape, step: (id: number) => Step) {
  const prefix = shape.prefix.map(step);
  const items = step(shape.items);
  return (value: unknown[]) => {
    const output = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      output[index] = (prefix[index] ?? items)(value[index], index);
    }
    return output;
  };
}

/**
 * The projection as generated code: one function per shape, each object written as an object
 * literal of its declared properties (one hidden class, monomorphic reads). Property names enter
 * the source only through `JSON.stringify` (a string literal); patterns and sets are passed in as
 * values, never as source. Undefined when the runtime refuses code generation.
 */
export function generatedProjection(shape: DeclaredShape): Projection | undefined {
  const environment: unknown[] = [];
  const bind = (value: unknown) => `e[${environment.push(value) - 1}]`;
  const whole = (node: ShapeNode | undefined) =>
    node === undefined || (node.object === undefined && node.array === undefined);
  const call = (id: number, read: string, key: string) =>
    whole(shape.nodes[id]) ? read : `p${id}(${read}, ${key})`;
  if (whole(shape.nodes[0])) return (value) => value;

  const functions = shape.nodes.map((node, id) => {
    if (whole(node)) return "";
    const lines = [
      `function p${id}(v, k) {`,
      `  if (typeof v !== "object" || v === null) return v;`,
      `  if (typeof v.toJSON === "function") { v = v.toJSON(String(k)); if (typeof v !== "object" || v === null) return v; }`,
    ];
    lines.push(`  if (Array.isArray(v)) {`, ...arraySource(node.array, call), `  }`);
    lines.push(...objectSource(node.object, call, bind), "}");
    return lines.join("\n");
  });
  const source = `"use strict";\n${functions.join("\n")}\nreturn p0;`;
  let root: Step;
  try {
    root = new Function("e", "hasOwn", "setOwn", source)(environment, Object.hasOwn, setOwn);
  } catch (error) {
    // Code generation refused (a CSP, `--disallow-code-generation-from-strings`); anything
    // else is a bug of this generator and must not hide behind the fallback.
    if (error instanceof EvalError) return undefined;
    throw error;
  }
  return (value) => root(value, "");
}

function arraySource(
  shape: ArrayShape | undefined,
  call: (id: number, read: string, key: string) => string,
): string[] {
  if (shape === undefined) return ["    return v;"];
  const item =
    shape.prefix.length === 0
      ? call(shape.items, "v[i]", "i")
      : shape.prefix.reduceRight(
          (otherwise, id, index) => `i === ${index} ? ${call(id, "v[i]", "i")} : ${otherwise}`,
          call(shape.items, "v[i]", "i"),
        );
  return [
    "    const n = v.length, o = new Array(n);",
    `    for (let i = 0; i < n; i++) o[i] = ${item};`,
    "    return o;",
  ];
}

function objectSource(
  shape: ObjectShape | undefined,
  call: (id: number, read: string, key: string) => string,
  bind: (value: unknown) => string,
): string[] {
  if (shape === undefined) return ["  return v;"];
  const fields = shape.properties.map(([name, id]) => {
    const literal = JSON.stringify(name);
    const read =
      name === "__proto__"
        ? `(hasOwn(v, ${literal}) ? v[${literal}] : undefined)`
        : `v[${literal}]`;
    // A computed key defines an own property even for "__proto__"; a plain one would not.
    const key = name === "__proto__" ? `[${literal}]` : literal;
    return `${key}: ${call(id, read, literal)}`;
  });
  const lines = [`  const o = { ${fields.join(", ")} };`];
  if (shape.patterns.length > 0 || shape.rest !== undefined) {
    const declared = bind(new Set(shape.properties.map(([name]) => name)));
    const choices = shape.patterns.map(
      ([regex, id]) => `if (${bind(regex)}.test(key)) x = ${call(id, "v[key]", "key")};`,
    );
    choices.push(
      shape.rest === undefined ? "continue;" : `x = ${call(shape.rest, "v[key]", "key")};`,
    );
    lines.push(
      "  const ks = Object.keys(v);",
      "  for (let j = 0; j < ks.length; j++) {",
      "    const key = ks[j];",
      `    if (${declared}.has(key)) continue;`,
      "    let x;",
      `    ${choices.join(" else ")}`,
      "    setOwn(o, key, x);",
      "  }",
    );
  }
  lines.push("  return o;");
  return lines;
}

/**
 * The projection of a declared response body, compiled once: undefined when the schema keeps
 * every value whole (nothing to drop, so nothing to run). `where` names the route and status in
 * the startup error of a schema too large to compile (`UNSUPPORTED_SCHEMA`).
 */
export function declaredProjection(
  schema: JsonSchema,
  registry: SchemaRegistry,
  where: string,
): Projection | undefined {
  const shape = declaredShape(schema, registry, () => {
    throw configError("UNSUPPORTED_SCHEMA", [
      where,
      `the schema has more than ${maxShapes} distinct shapes to write; answer with @SendUndeclared() on this route`,
    ]);
  });
  const root = shape.nodes[0] as ShapeNode;
  if (root.object === undefined && root.array === undefined) return undefined;
  return generatedProjection(shape) ?? interpretedProjection(shape);
}
