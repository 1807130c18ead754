import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type { SchemaRefusal } from "@trellis/core/extend";

/** A Standard Schema V1 validator that also describes itself (Standard JSON Schema). */
export type DocumentedSchema = StandardSchemaV1 & StandardJSONSchemaV1;

type Props = Record<string, unknown>;

// ArkType's types are functions; most libraries' schemas are objects.
const propsOf = (value: unknown): Props | undefined => {
  if ((typeof value !== "object" && typeof value !== "function") || value === null)
    return undefined;
  const props = (value as { "~standard"?: unknown })["~standard"];
  return typeof props === "object" && props !== null ? (props as Props) : undefined;
};

/** True for a value that implements Standard Schema V1 (`~standard.validate`). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  const props = propsOf(value);
  return props?.version === 1 && typeof props.validate === "function";
}

/** True for a Standard Schema that also implements Standard JSON Schema (`~standard.jsonSchema`). */
export function isDocumentedSchema(value: unknown): value is DocumentedSchema {
  if (!isStandardSchema(value)) return false;
  const converter = (value["~standard"] as unknown as Props).jsonSchema as Props | undefined;
  return (
    typeof converter === "object" && converter !== null && typeof converter.input === "function"
  );
}

// The documented way each library gives its Standard Schema values a JSON Schema.
const jsonSchemaFixes: Record<string, string> = {
  valibot: "wrap the schema with toStandardJsonSchema() from @valibot/to-json-schema",
  zod: "upgrade zod to 4.2 or later, whose schemas implement it",
};

/**
 * Why a value `isDocumentedSchema` refused is no schema of this adapter, when it says more than
 * core would: a Standard Schema without Standard JSON Schema (what the document needs; the fix
 * for its library where known), or of another version of the standard.
 */
export function explainRefusal(value: unknown): SchemaRefusal | undefined {
  const props = propsOf(value);
  if (typeof props?.validate !== "function") return undefined;
  if (props.version !== 1) {
    return { reason: `it implements Standard Schema version ${String(props.version)}, not 1` };
  }
  const vendor = typeof props.vendor === "string" ? props.vendor : "unknown";
  const fix =
    jsonSchemaFixes[vendor] ??
    "use a version of the library that implements Standard JSON Schema, or its own Trellis adapter";
  return {
    reason: `it implements Standard Schema (vendor "${vendor}") but not Standard JSON Schema (~standard.jsonSchema), which the OpenAPI document needs: ${fix}`,
    missingJsonSchema: true,
  };
}
