// Public API of @trellis/adapter-class-validator. Explicit named exports only.

// Teaches core's `Infer` this library's types wherever this package's types are loaded.
import "./schema-types.js";

export type { ClassValidatorAdapterOptions } from "./class-validator-adapter.js";
export { classValidator } from "./class-validator-adapter.js";
export type { Documentation } from "./documentation.js";
export { Describe, Example } from "./documentation.js";
export type { IsFileOptions } from "./is-file.js";
export { IsFile } from "./is-file.js";
