import type { JsonSchema } from "./json-schema.js";
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

/**
 * An OpenAPI 3.0 Schema Object said in JSON Schema 2020-12 (`nullable: true` becomes a `null`
 * type, boolean exclusive bounds become numeric ones), for an adapter whose library wrote the 3.0
 * dialect itself: core keeps one dialect inside, and writes 3.0 again for the document. A 2020-12
 * schema comes back with the same content.
 */
export function fromOpenApi30(schema: JsonSchema): JsonSchema {
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
