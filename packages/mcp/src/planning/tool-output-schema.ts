import type { AppSchemas, JsonSchema, Operation } from "@trellis/core/extend";
import type { McpOutputShape } from "./mcp-plugin.js";
import type { SelfContained } from "./self-contained-schema.js";

/** JSON with object keys sorted, so two structurally equal schemas give the same text. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = inner[key];
    return sorted;
  });

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
  registry: AppSchemas,
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
