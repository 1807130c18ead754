import type { AppSchemas, JsonSchema, Operation } from "@trellis/core/extend";
import { mcpError } from "../mcp-errors.js";
import type { McpArgument } from "./mcp-plugin.js";
import { objectShape, type SelfContained } from "./self-contained-schema.js";

/** A tool's `inputSchema` and where each of its arguments goes. */
export interface ToolInput {
  readonly schema: JsonSchema;
  readonly arguments: readonly McpArgument[];
}

/**
 * One object schema for every input of an operation: each path, query, header and cookie
 * parameter is a property named as declared (a whole-location schema gives its properties), and
 * the body is the property `body`; a route feature adds the arguments of its `tool` fragment (an
 * `@Idempotent` route's `Idempotency-Key`, a conditional write's `If-Match`). Two inputs of one
 * name are a startup error: an argument always has one place to go.
 */
export function toolInput(
  operation: Operation,
  registry: AppSchemas,
  schemas: SelfContained,
  where: string,
): ToolInput {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const args: McpArgument[] = [];
  const add = (
    name: string,
    location: McpArgument["in"],
    schema: JsonSchema,
    isRequired: boolean,
  ) => {
    const taken = args.find((arg) => arg.name === name);
    if (taken) {
      throw mcpError("MCP_ARGUMENT_CONFLICT", [where, location, name, taken.in, name]);
    }
    args.push({ name, in: location });
    Object.defineProperty(properties, name, {
      value: schemas.schema(schema),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (isRequired) required.push(name);
  };
  for (const binding of operation.bindings) {
    if (binding.kind === "parameter") {
      if (binding.name !== undefined) {
        add(
          binding.name,
          binding.in,
          binding.jsonSchema,
          binding.required || binding.in === "path",
        );
        continue;
      }
      const shape = objectShape(binding.jsonSchema, registry);
      for (const [name, schema] of Object.entries(shape?.properties ?? {})) {
        add(
          name,
          binding.in,
          schema,
          binding.in === "path" || shape?.required.includes(name) === true,
        );
      }
    } else if (binding.kind === "body") {
      add("body", "body", binding.jsonSchema ?? {}, binding.required);
    }
  }
  // What the route's features take from a client (`tool` fragments), sent as the headers or
  // query parameters they describe: an agent reaches every header-bound feature (an
  // `@Idempotent` route's Idempotency-Key, for one).
  const fragments = (operation.features ?? []).flatMap((use) => use.tool?.arguments ?? []);
  for (const argument of fragments) {
    add(
      argument.name,
      argument.in,
      { ...argument.schema, description: argument.description },
      argument.required,
    );
  }
  const schema: JsonSchema = { type: "object", properties };
  if (required.length > 0) schema.required = required;
  return { schema, arguments: args };
}
