// Public API of @trellis/adapter-valibot. Explicit named exports only.

export type { ValibotAdapterOptions } from "./valibot-adapter.js";
export { valibot } from "./valibot-adapter.js";
