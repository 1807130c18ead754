// Public API of @trellis/adapter-zod. Explicit named exports only.

export type { ZodAdapterOptions } from "./zod-adapter.js";
export { zod } from "./zod-adapter.js";
