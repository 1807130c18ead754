import type { JsonSchema, JsonSchemaContext } from "@trellis/core/extend";
import { type $ZodType, globalRegistry, toJSONSchema } from "zod/v4/core";

// Inputs are documented as clients send them (before transforms); what JSON cannot carry is `{}`.
const options = {
  target: "draft-2020-12",
  io: "input",
  unrepresentable: "any",
  cycles: "ref",
  reused: "inline",
} as const;

/** The model name a schema carries through `.meta({ id })`, if any. */
export function idOf(schema: $ZodType): string | undefined {
  const id = globalRegistry.get(schema)?.id;
  return typeof id === "string" ? id : undefined;
}

// Zod refers to an unnamed cycle as "#" (the root) or an invented "#/$defs/__schema0": the first
// means the whole OpenAPI document once embedded, the second collides across schemas.
function hasUnnamedCycle(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  const ref = (value as JsonSchema).$ref;
  if (ref === "#" || (typeof ref === "string" && ref.startsWith("#/$defs/__schema"))) return true;
  return Object.values(value).some(hasUnnamedCycle);
}

function convert(schema: $ZodType): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = toJSONSchema(schema, options) as JsonSchema;
  if (hasUnnamedCycle(jsonSchema)) {
    throw new Error('A recursive Zod schema needs a name: add .meta({ id: "Name" }) to it.');
  }
  return jsonSchema;
}

/**
 * Zod's own converter (`z.toJSONSchema`), draft 2020-12, input side. A schema named with
 * `.meta({ id })` becomes a component; named schemas inside it come back as `$defs`, which core
 * hoists into components (core also unwraps the root Zod emits as a reference to its own id).
 */
export function zodToJsonSchema(schema: $ZodType, context: JsonSchemaContext): JsonSchema {
  const id = idOf(schema);
  return id === undefined ? convert(schema) : context.define(id, schema, () => convert(schema));
}
