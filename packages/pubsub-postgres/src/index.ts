// Public API of @trellis/pubsub-postgres. Explicit named exports only.

export type { PostgresPubSubOptions } from "./postgres-options.js";
export { postgresPubSub } from "./postgres-pubsub.js";
