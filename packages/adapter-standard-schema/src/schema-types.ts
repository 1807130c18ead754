import type { StandardSchemaV1 } from "@standard-schema/spec";

// Teaches core's `Infer` the output type of any Standard Schema value (ArkType, Effect, ...).
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    standardSchema: S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : never;
  }
}
