// Public API of @trellis/pubsub-postgres. Explicit named exports only.

export { type PostgresPubSubOptions, postgresPubSub } from "./postgres-pubsub.js";
