import type { Attributes, Counter } from "@opentelemetry/api";
import type { PubSub } from "@trellis/core";

/**
 * The app's publish/subscribe adapter, counting each publish in `trellis.events.published` (with
 * `error.type: "lost"` when the engine was unreachable). Made only when metrics are on.
 */
export function countedPubSub(pubsub: PubSub, counter: Counter): PubSub {
  let sent: Attributes | undefined;
  let lost: Attributes | undefined;
  const counted: PubSub = {
    publish(topic, payload, meta) {
      const delivered = pubsub.publish(topic, payload, meta);
      // The engine's name is read on first use: an adapter may know it only once configured.
      if (sent === undefined || lost === undefined) {
        sent = { "trellis.pubsub.engine": pubsub.status().engine };
        lost = { ...sent, "error.type": "lost" };
      }
      counter.add(1, delivered ? sent : lost);
      return delivered;
    },
    subscribe: (topic, listener) => pubsub.subscribe(topic, listener),
    replay: (topic, after) => pubsub.replay(topic, after),
    compare: (a, b) => pubsub.compare(a, b),
    status: () => pubsub.status(),
    close: () => pubsub.close(),
  };
  if (pubsub.open !== undefined) counted.open = (context) => pubsub.open?.(context);
  return counted;
}
