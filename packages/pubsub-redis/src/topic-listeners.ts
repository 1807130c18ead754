import type { Logger, PubSubListener } from "@trellis/core";

/**
 * The listeners of each topic in this process, as arrays replaced (never changed) when one is
 * added or removed: delivery walks a snapshot, so a listener may unsubscribe while it runs.
 */
export class TopicListeners {
  readonly #byTopic = new Map<string, readonly PubSubListener[]>();

  add(topic: string, listener: PubSubListener): () => void {
    this.#byTopic.set(topic, [...(this.#byTopic.get(topic) ?? []), listener]);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const left = [...(this.#byTopic.get(topic) ?? [])];
      const index = left.indexOf(listener);
      if (index >= 0) left.splice(index, 1);
      if (left.length === 0) this.#byTopic.delete(topic);
      else this.#byTopic.set(topic, left);
    };
  }

  /** Calls every listener of `topic`; one that throws is logged and the others still run. */
  deliver(topic: string, payload: string, id: string, logger: Logger): void {
    const listeners = this.#byTopic.get(topic);
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        listener(payload, id, topic);
      } catch (error) {
        logger.error(`A subscriber of topic "${topic}" failed:`, error);
      }
    }
  }

  clear(): void {
    this.#byTopic.clear();
  }
}
