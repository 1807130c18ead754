import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import type { CompileOptions, ValidationIssue } from "@trellis/core/extend";

type Path = (string | number)[];
/**
 * Returns the value without undeclared keys: new objects where something was removed, the very
 * same ones where nothing was (no copy per request for clean input); the input is never mutated.
 */
export type Strip = (value: unknown) => unknown;
/** Reports undeclared keys as issues, in input order, until `issues` holds `limit` of them. */
export type Scan = (value: unknown, path: Path, issues: ValidationIssue[], limit: number) => void;
interface Walker {
  readonly strip: Strip;
  readonly scan: Scan;
}

// Marks a key the strip leaves out.
const removed = Symbol("removed");

/**
 * The strip of a model that declares only named properties, compiled to code that reads and
 * writes each of them by name (a property access the engine caches, where a key held in a
 * variable is a hash lookup per key). A copy lists the declared properties in the model's order,
 * as Zod and Valibot answer. Undefined when a name needs care (`__proto__`) or there are too many.
 */
function compileDeclaredStrip(
  properties: Map<string, Walker | undefined>,
): ((value: Record<string, unknown>) => unknown) | undefined {
  const names = [...properties.keys()];
  if (names.length === 0 || names.length > 64 || names.includes("__proto__")) return undefined;
  const walkers = names.map((name) => properties.get(name));
  const key = (index: number) => JSON.stringify(names[index]);
  const lines: string[] = [
    "const keys = Object.keys(value);",
    "let count = 0;",
    "let same = true;",
  ];
  names.forEach((_, i) => {
    lines.push(`const v${i} = value[${key(i)}];`);
    lines.push(`const h${i} = v${i} !== undefined || hasOwn(value, ${key(i)});`);
    lines.push(`if (h${i}) count++;`);
    if (walkers[i]) {
      lines.push(`const n${i} = h${i} ? walkers[${i}].strip(v${i}) : v${i};`);
      lines.push(`if (n${i} !== v${i}) same = false;`);
    }
  });
  lines.push("if (same && count === keys.length) return value;");
  lines.push("const out = {};");
  names.forEach((_, i) => {
    lines.push(`if (h${i}) out[${key(i)}] = ${walkers[i] ? `n${i}` : `v${i}`};`);
  });
  lines.push("return out;");
  const factory = new Function(
    "walkers",
    "hasOwn",
    `"use strict"; return function strip(value) {\n${lines.join("\n")}\n};`,
  ) as (
    walkers: (Walker | undefined)[],
    hasOwn: typeof Object.hasOwn,
  ) => (value: object) => unknown;
  return factory(walkers, Object.hasOwn) as (value: Record<string, unknown>) => unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Sets a key on a plain object; `__proto__` becomes an own data property, never the prototype. */
export function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  // A declared "__proto__" property must stay data, never become the prototype.
  if (key === "__proto__")
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

/**
 * The value with an ordinary prototype at its root, as the other adapters answer: core builds
 * query, header, cookie and path records without a prototype, and TypeBox returns clean input as
 * it is. Only such an object is copied (its keys as own data: a `__proto__` key stays a key).
 */
export function withObjectPrototype(value: unknown): unknown {
  if (!isObject(value) || Object.getPrototypeOf(value) !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) assign(copy, key, value[key]);
  return copy;
}

/**
 * Builds, once per compile, the walkers that remove or report object keys a TypeBox schema does
 * not declare. TypeBox's compiled check accepts undeclared keys (unless the schema says
 * `additionalProperties: false`) and has no compiled strip, so this is the compiled strip: it
 * visits only the parts of the value the schema describes as objects. Returns undefined when the
 * schema has no object inside, so nothing runs per request.
 */
export function compileKeyWalker(
  root: TSchema,
  ids: Map<string, TSchema>,
  references: () => TSchema[],
  unknownPropertyIssue: CompileOptions["unknownPropertyIssue"],
): Walker | undefined {
  const walkers = new Map<TSchema, Walker | undefined | "pending">();

  const walkerOf = (schema: TSchema): Walker | undefined => {
    const known = walkers.get(schema);
    if (known === "pending") {
      // A cycle (Type.Recursive): defer to the finished walker.
      const later = () => walkers.get(schema) as Walker | undefined;
      return {
        strip: (value) => later()?.strip(value) ?? value,
        scan: (v, p, i, l) => later()?.scan(v, p, i, l),
      };
    }
    if (walkers.has(schema)) return known;
    walkers.set(schema, "pending");
    const walker = build(schema);
    walkers.set(schema, walker);
    return walker;
  };

  const build = (schema: TSchema): Walker | undefined => {
    if (typeof schema.$ref === "string") {
      const target = ids.get(schema.$ref);
      return target ? walkerOf(target) : undefined;
    }
    if (Array.isArray(schema.anyOf ?? schema.oneOf))
      return union((schema.anyOf ?? schema.oneOf) as TSchema[]);
    if (Array.isArray(schema.allOf)) return object([schema, ...(schema.allOf as TSchema[])]);
    if (schema.type === "object" || schema.properties !== undefined) return object([schema]);
    if (schema.type === "array") return array(schema);
    return undefined;
  };

  const object = (parts: readonly TSchema[]): Walker => {
    const properties = new Map<string, Walker | undefined>();
    const patterns: [RegExp, Walker | undefined][] = [];
    let extras: Walker | undefined | "allowed" | "undeclared" = "undeclared";
    for (const reference of parts) {
      const part =
        typeof reference.$ref === "string"
          ? (ids.get(reference.$ref) ?? ({} as TSchema))
          : reference;
      for (const [key, sub] of Object.entries((part.properties ?? {}) as Record<string, TSchema>)) {
        if (!properties.has(key)) properties.set(key, walkerOf(sub));
      }
      for (const [pattern, sub] of Object.entries(
        (part.patternProperties ?? {}) as Record<string, TSchema>,
      )) {
        patterns.push([new RegExp(pattern, "u"), walkerOf(sub)]);
      }
      for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
        const rest = part[keyword];
        if (rest === true) extras = "allowed";
        else if (typeof rest === "object" && rest !== null) extras = walkerOf(rest as TSchema);
      }
    }
    // The walker of a declared key, null for an undeclared one.
    const declared = (key: string): Walker | undefined | null => {
      if (properties.has(key)) return properties.get(key);
      for (const [pattern, walker] of patterns) if (pattern.test(key)) return walker;
      if (extras === "undeclared") return null;
      return extras === "allowed" ? undefined : extras;
    };
    // The usual model, declared properties only, gets a strip compiled for it.
    const declaredOnly =
      patterns.length === 0 && extras === "undeclared"
        ? compileDeclaredStrip(properties)
        : undefined;
    return {
      strip(value) {
        if (!isObject(value)) return value;
        if (declaredOnly) return declaredOnly(value);
        const keys = Object.keys(value);
        let result: Record<string, unknown> | undefined;
        for (let index = 0; index < keys.length; index++) {
          const key = keys[index] as string;
          const walker = declared(key);
          const inner = value[key];
          const next = walker === null ? removed : walker ? walker.strip(inner) : inner;
          if (result === undefined) {
            if (next === inner) continue;
            // The first change: copy the unchanged keys before it, then go on copying.
            result = {};
            for (let before = 0; before < index; before++) {
              const kept = keys[before] as string;
              assign(result, kept, value[kept]);
            }
          }
          if (next !== removed) assign(result, key, next);
        }
        return result ?? value;
      },
      scan(value, path, issues, limit) {
        if (!isObject(value)) return;
        for (const key of Object.keys(value)) {
          if (issues.length >= limit) return;
          const walker = declared(key);
          if (walker === null) issues.push(unknownPropertyIssue([...path, key]));
          else walker?.scan(value[key], [...path, key], issues, limit);
        }
      },
    };
  };

  const array = (schema: TSchema): Walker | undefined => {
    const tuple = Array.isArray(schema.items)
      ? (schema.items as TSchema[])
      : (schema.prefixItems as TSchema[] | undefined);
    const positional = (tuple ?? []).map(walkerOf);
    const rest =
      !Array.isArray(schema.items) && schema.items ? walkerOf(schema.items as TSchema) : undefined;
    if (!rest && !positional.some(Boolean)) return undefined;
    const at = (index: number) => (index < positional.length ? positional[index] : rest);
    return {
      strip(value) {
        if (!Array.isArray(value)) return value;
        let result: unknown[] | undefined;
        for (let index = 0; index < value.length; index++) {
          const item = value[index];
          const next = at(index)?.strip(item) ?? item;
          if (result === undefined && next !== item) result = value.slice(0, index);
          result?.push(next);
        }
        return result ?? value;
      },
      scan(value, path, issues, limit) {
        if (!Array.isArray(value)) return;
        for (let index = 0; index < value.length && issues.length < limit; index++)
          at(index)?.scan(value[index], [...path, index], issues, limit);
      },
    };
  };

  const union = (branches: readonly TSchema[]): Walker | undefined => {
    const options = branches.map((branch) => ({ walker: walkerOf(branch), branch }));
    if (!options.some((option) => option.walker)) return undefined;
    // The first branch the value satisfies decides which keys are declared (checks compiled once).
    const checks = options.map(({ branch }) => TypeCompiler.Compile(branch, references()));
    const pick = (value: unknown) =>
      options[checks.findIndex((check) => check.Check(value))]?.walker;
    return {
      strip: (value) => pick(value)?.strip(value) ?? value,
      scan: (value, path, issues, limit) => pick(value)?.scan(value, path, issues, limit),
    };
  };

  return walkerOf(root);
}
