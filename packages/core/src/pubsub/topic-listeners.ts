import type { Logger } from "../errors/logger.js";
import { eventLogger } from "./event-logger.js";
import type { EventMeta, PubSubListener } from "./pubsub.js";

/**
 * The listeners of each topic, as arrays replaced (never changed) when one is added or removed:
 * delivery walks a snapshot, so a listener may unsubscribe while it runs, and a publish
 * allocates nothing. A listener declared with one parameter (the WebSocket bridge) never reads
 * the id, so a topic with only such listeners gets none made.
 */
export class TopicListeners {
  readonly #byTopic = new Map<string, TopicEntry>();

  add(topic: string, listener: PubSubListener): () => void {
    this.#byTopic.set(topic, entryOf([...(this.#byTopic.get(topic)?.listeners ?? []), listener]));
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      // One occurrence only: the same function subscribed twice is two subscriptions.
      const left = [...(this.#byTopic.get(topic)?.listeners ?? [])];
      const index = left.indexOf(listener);
      if (index >= 0) left.splice(index, 1);
      if (left.length === 0) this.#byTopic.delete(topic);
      else this.#byTopic.set(topic, entryOf(left));
    };
  }

  /** The listeners of `topic`, if it has any. */
  of(topic: string): TopicEntry | undefined {
    return this.#byTopic.get(topic);
  }

  /** Calls every listener of `topic` (an engine adapter's delivery); see `deliver`. */
  deliver(
    topic: string,
    payload: string,
    id: string,
    logger: Logger | undefined,
    meta?: EventMeta,
  ): void {
    const entry = this.#byTopic.get(topic);
    if (entry !== undefined) deliver(entry, topic, payload, id, logger, meta);
  }

  clear(): void {
    this.#byTopic.clear();
  }
}

/** The listeners of one topic, and whether any of them reads the id. */
export interface TopicEntry {
  readonly listeners: readonly PubSubListener[];
  /** False when every listener is declared with one parameter (the payload): no id is made. */
  readonly ids: boolean;
}

const entryOf = (listeners: readonly PubSubListener[]): TopicEntry => ({
  listeners,
  ids: listeners.some((listener) => listener.length !== 1),
});

/** Calls every listener of a topic; one that throws is logged and the others still run. */
export function deliver(
  entry: TopicEntry,
  topic: string,
  payload: string,
  id: string,
  logger: Logger | undefined,
  meta?: EventMeta,
): void {
  const listeners = entry.listeners;
  for (let index = 0; index < listeners.length; index++) {
    try {
      (listeners[index] as PubSubListener)(payload, id, topic, meta);
    } catch (error) {
      // The line names the publishing request, so the failure can be traced to its cause.
      eventLogger(logger ?? console, meta).error(`A subscriber of topic "${topic}" failed:`, error);
    }
  }
}
