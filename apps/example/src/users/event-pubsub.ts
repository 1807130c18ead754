import { inProcessPubSub, type PubSub } from "@trellis/core";
import { postgresPubSub } from "@trellis/pubsub-postgres";
import { redisPubSub } from "@trellis/pubsub-redis";
import type { EventTransport } from "../config.js";

/**
 * The publish/subscribe the example's events go through (`createApp({ pubsub })`): Redis when
 * `REDIS_URL` is set, else Postgres `LISTEN/NOTIFY` on the `DATABASE_URL` every instance shares,
 * else this process alone. With either engine, a user created on one instance reaches the feed and
 * WebSocket clients of all of them, and a client resumes on any instance with its last event id.
 */
export function eventPubSub(transport: EventTransport): PubSub {
  switch (transport.kind) {
    case "redis":
      return redisPubSub({ url: transport.url });
    case "postgres":
      return postgresPubSub({
        url: transport.url,
        ...(transport.listenUrl ? { listenUrl: transport.listenUrl } : {}),
      });
    default:
      return inProcessPubSub();
  }
}
