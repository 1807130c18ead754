import type { SchemaAdapter, SchemaRefusal } from "@trellis/core/extend";
import { isMissingPackage, requireOptional } from "./optional-module.js";
import { isTypeBox1Schema } from "./typebox-1-schema.js";
import type { TypeBoxAdapterOptions } from "./typebox-options.js";

type Line = (options: TypeBoxAdapterOptions) => SchemaAdapter;

async function load(line: () => Promise<Line>): Promise<Line | undefined> {
  try {
    return await line();
  } catch (error) {
    if (isMissingPackage(error)) return undefined;
    throw error;
  }
}

// Both TypeBox lines are optional peers: each is loaded only where its package is installed.
// With 0.34 installed, 1.x is loaded on its first schema (see `requireOptional`): importing the
// adapter then costs one TypeBox, not two.
const legacyLine = await load(async () => (await import("./typebox-034.js")).typebox034);
const modernLine: (() => Line | undefined) | undefined =
  legacyLine === undefined
    ? await load(async () => (await import("./typebox-1.js")).typebox1).then((line) => () => line)
    : () => requireOptional<{ typebox1: Line }>("./typebox-1.js")?.typebox1;

/**
 * Why a TypeBox schema is refused: its line is not installed where the adapter can load it (core
 * would point it to this very adapter). Asked only for values `isSchema` refused.
 */
function explainRefusal(value: unknown): SchemaRefusal | undefined {
  if (isTypeBox1Schema(value)) {
    return {
      reason: "it is a TypeBox 1.x schema, but the adapter cannot load the typebox package",
    };
  }
  if (typeof value === "object" && value !== null && Symbol.for("TypeBox.Kind") in value) {
    return {
      reason:
        "it is a @sinclair/typebox 0.34 schema, but the adapter cannot load @sinclair/typebox",
    };
  }
  return undefined;
}

/**
 * The TypeBox schema adapter, for TypeBox 1.x (`typebox`) and `@sinclair/typebox` 0.34 schemas,
 * whichever is installed (both may be). 0.34 schemas validate with `TypeCompiler`, with a key
 * walker compiled from the schema; 1.x schemas with `Compile` from `typebox/compile`, core
 * applying the unknown-property policy from their JSON Schema. Schemas are documented as they are;
 * a schema with `$id` becomes a component of that name. Integers are safe integers.
 *
 * @example
 * ```ts
 * import { createApp } from "@trellis/core";
 * import { typebox } from "@trellis/adapter-typebox";
 *
 * const app = createApp({ schema: typebox(), controllers: [UserController] });
 * ```
 */
export function typebox(options: TypeBoxAdapterOptions = {}): SchemaAdapter {
  const legacy = legacyLine?.(options);
  if (legacy === undefined) {
    const modern = modernLine?.()?.(options);
    if (modern === undefined) {
      throw new Error(
        "@trellis/adapter-typebox needs TypeBox: install typebox (1.x) or @sinclair/typebox (0.34).",
      );
    }
    return { ...modern, explainRefusal };
  }
  // 0.34 installed: a 1.x schema (recognised by its shape) loads the 1.x line, once.
  let modern: SchemaAdapter | undefined;
  const loadModern = () => {
    modern ??= modernLine?.()?.(options);
    return modern;
  };
  const modernAdapter = (): SchemaAdapter => {
    const line = loadModern();
    if (line === undefined) throw new Error("TypeBox 1.x (typebox) is not installed.");
    return line;
  };
  const lineOf = (schema: unknown): SchemaAdapter =>
    isTypeBox1Schema(schema) ? modernAdapter() : legacy;
  return {
    name: "typebox",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    shapeRulesByCore: (schema) => isTypeBox1Schema(schema),
    isSchema: (value) =>
      legacy.isSchema(value) || (isTypeBox1Schema(value) && loadModern()?.isSchema(value) === true),
    explainRefusal,
    compile: (schema, compileOptions) => lineOf(schema).compile(schema, compileOptions),
    acceptsMissing: (schema, compileOptions) =>
      lineOf(schema).acceptsMissing?.(schema, compileOptions) ?? false,
    toJsonSchema: (schema, context) => lineOf(schema).toJsonSchema(schema, context),
  };
}
