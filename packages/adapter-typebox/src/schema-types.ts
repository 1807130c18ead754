import type { Static, TSchema } from "@sinclair/typebox";

// Teaches core's `Infer` the static type of a @sinclair/typebox 0.34 schema. Where that package is
// not installed (only TypeBox 1.x), its types resolve to `any` under skipLibCheck: the guard then
// makes this entry `never` instead of making every `Infer` `any`.
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    typebox: unknown extends TSchema ? never : S extends TSchema ? Static<S> : never;
  }
}
