import type { Operation } from "../operation/operation.js";
import type { JsonSchema } from "../schema/json-schema.js";
import type { SchemaRegistry } from "../schema/schema-registry.js";
import { stableJson } from "../schema/stable-json.js";
import type { McpOutputShape } from "./mcp-plugin.js";
import type { SelfContained } from "./self-contained-schema.js";

const isJsonType = (type: string) => type === "application/json" || /\+json$/.test(type);

/** The media type a tool call asks for: JSON when the operation answers JSON, else its first type. */
export function toolAccept(operation: Operation): string {
  const { produces } = operation;
  if (produces.length === 0) return "application/json";
  return produces.find(isJsonType) ?? (produces[0] as string);
}

/**
 * A tool's `outputSchema` from its 2xx `@Returns`: only when every success answers JSON with one
 * and the same schema (a client checks every successful result against it). An object schema is
 * the structured content itself; any other (an array, a string) is wrapped as `{ result }`,
 * because MCP structured content is an object.
 */
export function toolOutput(
  operation: Operation,
  registry: SchemaRegistry,
  schemas: SelfContained,
): { readonly schema: JsonSchema | undefined; readonly shape: McpOutputShape } {
  const none = { schema: undefined, shape: "none" as const };
  if (!isJsonType(toolAccept(operation))) return none;
  const successes = operation.responses.filter(({ status }) => status >= 200 && status < 300);
  const bodies = successes.map(({ jsonSchema }) => jsonSchema);
  const first = bodies[0];
  if (first === undefined || bodies.some((body) => body === undefined)) return none;
  const text = stableJson(first);
  if (bodies.some((body) => stableJson(body) !== text)) return none;
  const resolved = registry.resolve(first);
  // The root must say `type: "object"` itself: a component is copied in place of its reference.
  if (resolved.type === "object") return { schema: schemas.schema(resolved), shape: "object" };
  return {
    schema: { type: "object", properties: { result: schemas.schema(first) }, required: ["result"] },
    shape: "wrapped",
  };
}
