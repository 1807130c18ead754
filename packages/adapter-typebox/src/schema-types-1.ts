import type { Static, TSchema } from "typebox";

// Teaches core's `Infer` the static type of a TypeBox 1.x (`typebox`) schema. Where that package is
// not installed (only 0.34), its types resolve to `any` under skipLibCheck: the guard then makes
// this entry `never` instead of making every `Infer` `any`. 1.x's `TSchema` is `{}` (any JSON
// Schema object), so a schema is recognised by TypeBox's `~kind`, as at runtime.
declare module "@trellis/core/extend" {
  interface SchemaTypes<S> {
    typebox1: unknown extends TSchema
      ? never
      : S extends TSchema & { readonly "~kind": string }
        ? Static<S>
        : never;
  }
}
