// Public API of @trellis/adapter-typebox. Explicit named exports only.

export type { TypeBoxAdapterOptions } from "./typebox-adapter.js";
export { typebox } from "./typebox-adapter.js";
