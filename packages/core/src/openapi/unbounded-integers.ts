import type { JsonSchema } from "../schema/json-schema.js";
import { jsonTextMayInclude } from "../schema/json-text.js";
import { isDataKey } from "../schema/schema-keywords.js";

const largest = Number.MAX_SAFE_INTEGER;

/**
 * The schema without the bounds ±(2^53 - 1) on integers: every adapter's validation refuses
 * unsafe integers (and Zod's `z.int()` writes those bounds itself), but in a document they read as
 * limits the API chose, and differ from adapter to adapter. Other bounds stay. Copies only what
 * changes.
 */
export function withoutSafeIntegerBounds(schema: JsonSchema): JsonSchema {
  if (!jsonTextMayInclude(schema, [String(largest)])) return schema;
  const walk = (value: unknown, dataKey: boolean): unknown => {
    if (dataKey || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    const node = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node)) out[key] = walk(node[key], isDataKey(key));
    const integer =
      node.type === "integer" || (Array.isArray(node.type) && node.type.includes("integer"));
    if (integer && out.minimum === -largest) delete out.minimum;
    if (integer && out.maximum === largest) delete out.maximum;
    return out;
  };
  return walk(schema, false) as JsonSchema;
}
