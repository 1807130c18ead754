import type { GenericSchema, InferOutput } from "valibot";

// Teaches core's `Infer` the output type of a Valibot schema.
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    valibot: S extends GenericSchema ? InferOutput<S> : never;
  }
}
