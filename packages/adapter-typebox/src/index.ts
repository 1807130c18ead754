// Public API of @trellis/adapter-typebox. Explicit named exports only.

// Teaches core's `Infer` this library's types wherever this package's types are loaded.
import "./schema-types.js";
import "./schema-types-1.js";

export type { FileTypeOptions, TFile } from "./file-type.js";
export { FileType } from "./file-type.js";
export { typebox } from "./typebox-adapter.js";
export type { TypeBoxAdapterOptions } from "./typebox-options.js";
