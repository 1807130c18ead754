// Public API of @trellis/adapter-class-validator. Explicit named exports only.

export type { ClassValidatorAdapterOptions } from "./class-validator-adapter.js";
export { classValidator } from "./class-validator-adapter.js";
