// Public API of @trellis/adapter-zod. Explicit named exports only.

// Teaches core's `Infer` this library's types wherever this package's types are loaded.
import "./schema-types.js";

export type { ZodAdapterOptions } from "./zod-adapter.js";
export { zod } from "./zod-adapter.js";
