import type { JsonSchema, JsonSchemaContext } from "@trellis/core/extend";
import { toJsonSchema } from "@valibot/to-json-schema";
import type { GenericSchema } from "valibot";
import { fileAction, fileSchema } from "./file-json-schema.js";

type Node = Record<string, unknown>;

/**
 * The model name of a schema: `v.pipe(v.object({...}), v.metadata({ id: "User" }))`, the Valibot
 * counterpart of Zod's `.meta({ id })`.
 */
export function nameOf(schema: GenericSchema): string | undefined {
  const pipe = (schema as unknown as Node).pipe;
  if (!Array.isArray(pipe)) return undefined;
  for (let index = pipe.length - 1; index >= 0; index--) {
    const item = pipe[index] as Node;
    const id = item.type === "metadata" ? (item.metadata as Node | undefined)?.id : undefined;
    if (typeof id === "string") return id;
  }
  return undefined;
}

const isSchemaNode = (value: unknown): value is GenericSchema =>
  typeof value === "object" && value !== null && (value as Node).kind === "schema";

/** Every named schema in the tree, by name; one name on two different schemas is an error. */
function namedSchemas(root: GenericSchema): Map<string, GenericSchema> {
  const named = new Map<string, GenericSchema>();
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isSchemaNode(node) || seen.has(node)) continue;
    seen.add(node);
    const name = nameOf(node);
    if (name !== undefined) {
      const other = named.get(name);
      if (other && other !== node)
        throw new Error(`Two different Valibot schemas are named "${name}".`);
      named.set(name, node);
    }
    const fields = node as unknown as Node;
    if (typeof fields.getter === "function")
      stack.push((fields.getter as (input: unknown) => unknown)(undefined));
    for (const key of [
      "pipe",
      "entries",
      "rest",
      "item",
      "items",
      "options",
      "wrapped",
      "key",
      "value",
    ]) {
      const child = fields[key];
      if (Array.isArray(child)) stack.push(...child);
      else if (isSchemaNode(child)) stack.push(child);
      else if (key === "entries" && child) stack.push(...Object.values(child));
    }
  }
  return named;
}

function convert(schema: GenericSchema, named: Map<string, GenericSchema>): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema as never, {
    target: "draft-2020-12",
    typeMode: "input",
    // Custom checks and JavaScript-only types cannot be said in JSON Schema: they are left out.
    errorMode: "ignore",
    definitions: Object.fromEntries(named) as never,
    overrideSchema: ({ valibotSchema }) => fileSchema(valibotSchema) as never,
    overrideAction: ({ valibotAction, jsonSchema }) => {
      const file = fileAction(valibotAction as unknown as Node, jsonSchema as unknown as Node);
      if (file) return file as never;
      // The metadata `id` names the component; it is not a JSON Schema keyword.
      if (valibotAction.type !== "metadata" || !("id" in jsonSchema)) return undefined;
      const { id: _id, ...rest } = jsonSchema as unknown as Node;
      return rest as never;
    },
  }) as JsonSchema;
  return jsonSchema;
}

/**
 * Valibot's own converter (`@valibot/to-json-schema`), draft 2020-12, input side. Named schemas
 * (see `nameOf`) become components: the root through `context.define`, the ones inside it as
 * `$defs`, which core hoists (core also unwraps the root emitted as a reference to its own name,
 * and adds the safe-integer bounds of `v.integer()`).
 */
export function valibotToJsonSchema(schema: GenericSchema, context: JsonSchemaContext): JsonSchema {
  const named = namedSchemas(schema);
  const name = nameOf(schema);
  if (name === undefined) return convert(schema, named);
  return context.define(name, schema, () => convert(schema, named));
}
