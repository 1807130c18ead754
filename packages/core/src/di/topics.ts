import { type FollowOptions, followTopic, type TopicStream } from "../pubsub/follow-topic.js";
import type { PubSub, PubSubStatus } from "../pubsub/pubsub.js";

const connect: unique symbol = Symbol("trellis.connectTopics");

/**
 * The app's topics, injectable into any controller or provider: publish a value to every
 * subscriber of a topic on every instance (WebSocket connections and Server-Sent Events streams),
 * and follow a topic as the event stream an `@Sse` handler returns, resuming after the client's
 * `Last-Event-ID`. It goes through `createApp({ pubsub })` (in process by default).
 *
 * @example
 * @Route("/orders")
 * class OrderFeed extends Controller {
 *   constructor(private readonly topics: Topics) { super(); }
 *   @Sse("/events")
 *   @Returns(200, Order)
 *   follow(@Header("last-event-id") lastEventId?: string) {
 *     return this.topics.follow("orders", { lastEventId, signal: this.signal });
 *   }
 * }
 */
export class Topics {
  #pubsub: PubSub | undefined;
  #publish: (topic: string, message: unknown) => number = () => 0;

  /**
   * Sends `message` as JSON to every subscriber of `topic` on every instance. Returns 1 when it is
   * on its way, 0 when it was lost at once (the engine is unreachable: logged and counted).
   */
  publish(topic: string, message: unknown): number {
    return this.#publish(topic, message);
  }

  /**
   * The topic as Server-Sent Events: what came after `lastEventId` first (exactly once, in order),
   * then each new message, with the engine's ids and a `retry:` when the stream opens. An id that
   * cannot be honoured (malformed, older than the replay window) starts from now, after a
   * `resync` event.
   */
  follow<T = unknown>(topic: string, options: FollowOptions<T> = {}): TopicStream<T> {
    if (this.#pubsub === undefined) throw new Error("Topics is used outside an app.");
    return followTopic(this.#pubsub, topic, options);
  }

  /** The publish/subscribe adapter's health: connected, lost publishes, reconnects, its window. */
  status(): PubSubStatus | undefined {
    return this.#pubsub?.status();
  }

  /** Wires the topics to the app's publish/subscribe (createApp). */
  [connect](pubsub: PubSub, publish: (topic: string, message: unknown) => number): void {
    this.#pubsub = pubsub;
    this.#publish = publish;
  }
}

/** Connects an app's topics to its publish/subscribe (core only). */
export function connectTopics(
  topics: Topics,
  pubsub: PubSub,
  publish: (topic: string, message: unknown) => number,
): void {
  topics[connect](pubsub, publish);
}
