import { getMetadataStorage } from "class-validator";
import type { ClassBounds } from "./array-bounds.js";
import { type ClassPlan, prototypeNames, simpleNestedTarget } from "./class-plan.js";
import { compiledPerModel } from "./compiled-per-model.js";
import { agreesWithValidator } from "./constraint-probes.js";
import { isPlain } from "./instantiate.js";
import { type KnownCheck, knownCheck } from "./known-constraints.js";
import { isIntMetadata, isUnsafeInteger } from "./safe-integers.js";

/**
 * Builds and checks one plain input in a single generated function: the instance the fast path's
 * instantiator builds under "strip" when the quick check then passes it; undefined otherwise
 * (an input it does not model, or one that may be invalid: the general path then decides).
 */
export type CompiledModel = (input: Record<string, unknown>) => object | undefined;

type Condition = (object: object, value: unknown) => unknown;

/** Bit flags of a `number`: at most this many properties are tracked per class. */
const maxProperties = 30;

interface CompiledProperty {
  readonly name: string;
  readonly conditions: readonly Condition[];
  readonly checks: readonly { readonly check: KnownCheck; readonly each: boolean }[];
  /** The nested model's compiled function, and whether the value is an array of them. */
  readonly nested?: { readonly build: CompiledModel; readonly array: boolean };
  /** An ArrayMaxSize checked before any item is built. */
  readonly maxItems: number | undefined;
}

/**
 * Compiles, once per class, generated code that does what the instantiator and the quick check
 * do together for one input, with class-validator's built-in constraints written inline (by
 * metadata name, each verified against the decorator's own validator at startup, see
 * constraint-probes.ts). A class qualifies only where both of those apply, and only with
 * constraints `knownCheck` knows and no prototype member named like a property; anything else
 * answers undefined and the existing paths run.
 */
export function createCompiledModels(
  planOf: (target: Function) => ClassPlan,
  boundsOf: (target: Function) => ClassBounds,
  qualifies: (model: Function) => boolean,
): (model: Function) => CompiledModel | undefined {
  return compiledPerModel<CompiledModel>(
    (model, compiledOf) =>
      qualifies(model) ? compile(model, planOf(model), boundsOf(model), compiledOf) : undefined,
    (finished) => (input) => finished()?.(input),
  );
}

function compile(
  model: Function,
  plan: ClassPlan,
  bounds: ClassBounds,
  compiledOf: (model: Function) => CompiledModel | undefined,
): CompiledModel | undefined {
  if (plan.properties.length > maxProperties) return undefined;
  const properties: CompiledProperty[] = [];
  for (const property of plan.properties) {
    const { name } = property;
    if (name === "__proto__" || name === "constructor" || name in model.prototype) return undefined;
    const compiled = compileProperty(property, bounds, compiledOf);
    if (compiled === undefined) return undefined;
    properties.push(compiled);
  }
  const source = generate(properties);
  const index = new Map(properties.map((property, position) => [property.name, position]));
  try {
    const factory = new Function("model", "index", "members", "isPlain", "hasOwn", "P", source);
    return factory(model, index, prototypeNames(model), isPlain, Object.hasOwn, properties);
  } catch {
    return undefined; // no code generation here (a runtime without eval): the existing paths
  }
}

function compileProperty(
  property: ClassPlan["properties"][number],
  bounds: ClassBounds,
  compiledOf: (model: Function) => CompiledModel | undefined,
): CompiledProperty | undefined {
  const storage = getMetadataStorage();
  const conditions: Condition[] = [];
  const checks: { check: KnownCheck; each: boolean }[] = [];
  for (const metadata of property.metadata) {
    if (metadata.validateIf) return undefined;
    if (metadata.type === "conditionalValidation") {
      conditions.push(metadata.constraints[0] as Condition);
      continue;
    }
    if (metadata.type === "whitelistValidation" || metadata.type === "nestedValidation") continue;
    const check = knownCheck(metadata.name, metadata.constraints);
    if (check === undefined) return undefined;
    const validators = storage
      .getTargetValidatorConstraints(metadata.constraintCls)
      .filter((constraint) => !constraint.async);
    const validator = validators[0]?.instance;
    if (validators.length !== 1 || validator === undefined) return undefined;
    const integer = isIntMetadata(metadata);
    const args = { property: metadata.propertyName, constraints: metadata.constraints };
    const also = (value: unknown) => !(integer && isUnsafeInteger(value));
    if (!agreesWithValidator(check, validator, args, also)) return undefined;
    checks.push({ check, each: metadata.each === true });
  }
  const maxItems = bounds.arrays.get(property.name)?.max;
  if (property.nested === undefined) return { name: property.name, conditions, checks, maxItems };
  const target = simpleNestedTarget(property.nested);
  const build = target && compiledOf(target);
  if (build === undefined) return undefined;
  const nested = { build, array: property.nested.array };
  return { name: property.name, conditions, checks, nested, maxItems };
}

const isObjectLike = (value: string) =>
  `(${value} !== null && (typeof ${value} === "object" || typeof ${value} === "function"))`;

/** Copies `value` (read from the input) onto the instance, as the instantiator copies it. */
function copyStatement(property: CompiledProperty, at: number, key: string): string {
  const bound =
    property.maxItems === undefined ? "" : `if (v.length > ${property.maxItems}) return undefined;`;
  const nested = property.nested;
  if (nested === undefined) {
    return `if (!${isObjectLike("v")}) o[${key}] = v;
      else if (Array.isArray(v)) {
        ${bound}
        for (let j = 0; j < v.length; j++) { const x = v[j]; if (${isObjectLike("x")}) return undefined; }
        o[${key}] = v.slice();
      } else return undefined;`;
  }
  if (!nested.array) {
    return `if (v === null || v === undefined) o[${key}] = v;
      else {
        if (Array.isArray(v) || !isPlain(v)) return undefined;
        const built = build${at}(v);
        if (built === undefined) return undefined;
        o[${key}] = built;
      }`;
  }
  return `if (v === null || v === undefined) o[${key}] = v;
    else {
      if (!Array.isArray(v)) return undefined;
      ${bound}
      const items = [];
      for (let j = 0; j < v.length; j++) {
        const x = v[j];
        if (!isPlain(x)) return undefined;
        const built = build${at}(x);
        if (built === undefined) return undefined;
        items.push(built);
      }
      o[${key}] = items;
    }`;
}

/** The constraints of one property, on the instance's value, as the quick check runs them. */
function checkStatements(property: CompiledProperty, at: number, key: string): string {
  const lines = property.checks.map(({ check, each }, position) => {
    const binding = `k${at}_${position}`;
    const single = (value: string) =>
      `if (!(${check.expression(value, binding)})) return undefined;`;
    if (!each) return single("v");
    // `each` over a set or a map checks their values: left to the quick check.
    return `if (Array.isArray(v)) { for (let j = 0; j < v.length; j++) { const x = v[j]; ${single("x")} } }
      else if (v instanceof Set || v instanceof Map) return undefined;
      else { ${single("v")} }`;
  });
  // A nested value was checked as it was built; one the constructor set was not.
  if (property.nested !== undefined) {
    lines.push(
      `if (v === null || (v !== undefined && (seen & ${1 << at}) === 0)) return undefined;`,
    );
  }
  const body = lines.join("\n");
  if (property.conditions.length === 0) return `{ const v = o[${key}]; ${body} }`;
  // Every condition runs, as in class-validator; the checks apply when all of them hold.
  const conditions = property.conditions.map(
    (_, position) => `if (!c${at}_${position}(o, v)) applies = false;`,
  );
  return `{ const v = o[${key}]; let applies = true; ${conditions.join(" ")} if (applies) { ${body} } }`;
}

function generate(properties: readonly CompiledProperty[]): string {
  const bindings: string[] = [];
  const inOrder: string[] = [];
  const copies: string[] = [];
  const checks: string[] = [];
  properties.forEach((property, at) => {
    const key = JSON.stringify(property.name);
    if (property.nested) bindings.push(`const build${at} = P[${at}].nested.build;`);
    property.checks.forEach((_, position) => {
      bindings.push(`const k${at}_${position} = P[${at}].checks[${position}].check.binding;`);
    });
    property.conditions.forEach((_, position) => {
      bindings.push(`const c${at}_${position} = P[${at}].conditions[${position}];`);
    });
    const copy = copyStatement(property, at, key);
    inOrder.push(`if ((seen & ${1 << at}) !== 0) { const v = input[${key}]; ${copy} }`);
    copies.push(`case ${at}: { const v = input[${key}]; ${copy} break; }`);
    checks.push(checkStatements(property, at, key));
  });
  return `"use strict";
    ${bindings.join("\n")}
    const names = ${JSON.stringify(properties.map((property) => property.name))};
    return function compiledModel(input) {
      let seen = 0;
      let last = -1;
      let ordered = true;
      for (const key in input) {
        if (!hasOwn(input, key)) return undefined;
        // Keys mostly come in declaration order: the next declared name is tried first.
        const at = key === names[last + 1] ? last + 1 : index.get(key);
        // An undeclared key is left out, unless class-transformer would look at it.
        if (at === undefined) { if (members.has(key)) return undefined; continue; }
        if (at < last) ordered = false;
        last = at;
        seen |= 1 << at;
      }
      const o = new model();
      // What a constructor sets is the general path's to judge.
      for (const key in o) if (hasOwn(o, key) && (!index.has(key) || typeof o[key] === "function")) return undefined;
      // Copied in the input's order, as the instantiator copies: the instance lists keys so.
      if (ordered) {
        ${inOrder.join("\n")}
      } else {
        for (const key in input) {
          switch (index.get(key)) {
            ${copies.join("\n")}
          }
        }
      }
      ${checks.join("\n")}
      return o;
    };`;
}
