import type { JsonSchema } from "./json-schema.js";
import { jsonTextMayInclude } from "./json-text.js";
import { isDataKey, schemaMapKeywords } from "./schema-keywords.js";
import { setOwn } from "./set-own.js";

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One schema node with 3.0's `nullable` and boolean exclusive bounds said the 2020-12 way. */
function upgradeNode(node: Node): Node {
  const { nullable, ...rest } = node;
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (rest[exclusive] === true && typeof rest[bound] === "number") {
      rest[exclusive] = rest[bound];
      delete rest[bound];
    } else if (typeof rest[exclusive] === "boolean") delete rest[exclusive];
  }
  if (nullable !== true) return rest;
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  if (typeof rest.type === "string") return { ...rest, type: [rest.type, "null"] };
  if (Array.isArray(rest.type)) {
    return rest.type.includes("null") ? rest : { ...rest, type: [...rest.type, "null"] };
  }
  return Array.isArray(rest.enum) ? rest : { anyOf: [rest, { type: "null" }] };
}

// What the JSON text of a schema that uses 3.0's own keywords always holds.
const openApi30Marks = [
  '"nullable"',
  '"exclusiveMinimum":true',
  '"exclusiveMaximum":true',
  '"exclusiveMinimum":false',
  '"exclusiveMaximum":false',
];

/**
 * An OpenAPI 3.0 Schema Object said in JSON Schema 2020-12 (`nullable: true` becomes a `null`
 * type, boolean exclusive bounds become numeric ones), for an adapter whose library wrote the 3.0
 * dialect itself: core keeps one dialect inside, and writes 3.0 again for the document. A schema
 * without 3.0's own keywords comes back as it is (the same object: callers treat it as read-only).
 */
export function fromOpenApi30(schema: JsonSchema): JsonSchema {
  // Most schemas say nothing only 3.0 says: those come back as they are, without a walk.
  if (!jsonTextMayInclude(schema, openApi30Marks)) return schema;
  const visit = (value: unknown, isSchema: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, isSchema));
    if (!isNode(value)) return value;
    const output: Node = {};
    for (const key of Object.keys(value)) {
      const inner = value[key];
      if (!isSchema) setOwn(output, key, visit(inner, true));
      else if (isDataKey(key)) setOwn(output, key, inner);
      else setOwn(output, key, visit(inner, !schemaMapKeywords.has(key)));
    }
    return isSchema ? upgradeNode(output) : output;
  };
  return visit(schema, true) as JsonSchema;
}
