// Public API of @trellis/adapter-standard-schema. Explicit named exports only.

// Teaches core's `Infer` the output type of Standard Schema values wherever this package's types load.
import "./schema-types.js";

export type { StandardSchemaAdapterOptions } from "./standard-schema-adapter.js";
export { standardSchema } from "./standard-schema-adapter.js";
