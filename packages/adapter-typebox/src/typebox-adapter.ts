import type { SchemaAdapter } from "@trellis/core";
import type { TypeBoxAdapterOptions } from "./typebox-options.js";

type Line = (options: TypeBoxAdapterOptions) => SchemaAdapter;

// A peer that is not installed: its line is left out. Any other failure is a real error.
const isMissingPackage = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === "ERR_MODULE_NOT_FOUND" ||
  /Cannot find (package|module)/.test(String((error as Error | null)?.message));

async function load(line: () => Promise<Line>): Promise<Line | undefined> {
  try {
    return await line();
  } catch (error) {
    if (isMissingPackage(error)) return undefined;
    throw error;
  }
}

// Both TypeBox lines are optional peers: each is loaded only where its package is installed.
const legacyLine = await load(async () => (await import("./typebox-034.js")).typebox034);
const modernLine = await load(async () => (await import("./typebox-1.js")).typebox1);

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
  const modern = modernLine?.(options);
  const only = legacy ?? modern;
  if (only === undefined) {
    throw new Error(
      "@trellis/adapter-typebox needs TypeBox: install typebox (1.x) or @sinclair/typebox (0.34).",
    );
  }
  if (legacy === undefined || modern === undefined) return only;
  // Both lines installed: each schema goes to the line it belongs to.
  const lineOf = (schema: unknown): SchemaAdapter => (modern.isSchema(schema) ? modern : legacy);
  return {
    name: "typebox",
    unknownProperties: options.unknownProperties,
    safeIntegers: true,
    shapeRulesByCore: (schema) => modern.isSchema(schema),
    isSchema: (value) => legacy.isSchema(value) || modern.isSchema(value),
    compile: (schema, compileOptions) => lineOf(schema).compile(schema, compileOptions),
    acceptsMissing: (schema, compileOptions) =>
      lineOf(schema).acceptsMissing?.(schema, compileOptions) ?? false,
    toJsonSchema: (schema, context) => lineOf(schema).toJsonSchema(schema, context),
  };
}
