// Public API of @trellis/adapter-valibot. Explicit named exports only.

// Teaches core's `Infer` this library's types wherever this package's types are loaded.
import "./schema-types.js";

export type { ValibotAdapterOptions } from "./valibot-adapter.js";
export { valibot } from "./valibot-adapter.js";
