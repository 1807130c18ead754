import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";

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
