// Public API of @trellis/pubsub-redis. Explicit named exports only.

export { type RedisPubSubOptions, redisPubSub } from "./redis-options.js";
