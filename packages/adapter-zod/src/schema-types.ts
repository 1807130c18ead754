import type { $ZodType, output } from "zod/v4/core";

// Teaches core's `Infer` the output type of a Zod schema (classic or mini).
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    zod: S extends $ZodType ? output<S> : never;
  }
}
