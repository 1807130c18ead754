import type { Logger } from "../errors/logger.js";
import type { PubSubListener } from "./pubsub.js";

/**
 * The listeners of each topic, as arrays replaced (never changed) when one is added or removed:
 * delivery walks a snapshot, so a listener may unsubscribe while it runs, and a publish
 * allocates nothing.
 */
export class TopicListeners {
  readonly #byTopic = new Map<string, readonly PubSubListener[]>();

  add(topic: string, listener: PubSubListener): () => void {
    this.#byTopic.set(topic, [...(this.#byTopic.get(topic) ?? []), listener]);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      // One occurrence only: the same function subscribed twice is two subscriptions.
      const left = [...(this.#byTopic.get(topic) ?? [])];
      const index = left.indexOf(listener);
      if (index >= 0) left.splice(index, 1);
      if (left.length === 0) this.#byTopic.delete(topic);
      else this.#byTopic.set(topic, left);
    };
  }

  /** Calls every listener of `topic`; one that throws is logged and the others still run. */
  deliver(topic: string, payload: string, id: string, logger: Logger | undefined): void {
    const listeners = this.#byTopic.get(topic);
    if (listeners === undefined) return;
    for (let index = 0; index < listeners.length; index++) {
      try {
        (listeners[index] as PubSubListener)(payload, id, topic);
      } catch (error) {
        (logger ?? console).error(`A subscriber of topic "${topic}" failed:`, error);
      }
    }
  }

  clear(): void {
    this.#byTopic.clear();
  }
}
