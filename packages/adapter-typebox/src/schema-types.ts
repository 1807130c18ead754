import type { Static, TSchema } from "@sinclair/typebox";

// Teaches core's `Infer` the static type of a TypeBox schema.
declare module "@trellis/core" {
  interface SchemaTypes<S> {
    typebox: S extends TSchema ? Static<S> : never;
  }
}
