// Public API of @trellis/adapter-typebox. Explicit named exports only.

// Teaches core's `Infer` this library's types wherever this package's types are loaded.
import "./schema-types.js";

export type { FileTypeOptions, TFile } from "./file-type.js";
export { FileType } from "./file-type.js";
export type { TypeBoxAdapterOptions } from "./typebox-adapter.js";
export { typebox } from "./typebox-adapter.js";
