import type { Logger } from "../errors/logger.js";
import type { EventMeta, PubSub } from "../pubsub/pubsub.js";
import type { BunSocket, UpgradeServer } from "./bun-socket.js";

/** Close code and reason sent to every open connection when the app closes. */
export const goingAway = { code: 1001, reason: "Server shutting down" } as const;

// A connection's own publishes not yet back from the pub/sub, per topic: past this many the
// oldest are dropped (they were lost on the way).
const maxPendingPerTopic = 1000;

/** What the hub reads of a connection's data: the server that upgraded it. */
type Sender = BunSocket<{ readonly server?: UpgradeServer }>;

interface Pending {
  readonly sender: Sender;
  readonly payload: string;
}

/**
 * An app's live WebSocket state: its open connections (closed with 1001 by `app.close`), the
 * servers that upgraded them, and the bridge from the app's pub/sub to Bun's own topics. While a
 * connection of this process subscribes to a topic, the hub subscribes to it on the pub/sub
 * (once per topic) and hands each message to Bun's `server.publish`, which reaches every local
 * subscriber: a publish on any instance reaches the connections of all of them.
 */
export class SocketHub {
  readonly live = new Set<BunSocket>();
  readonly servers = new Set<UpgradeServer>();
  /** Set by `app.close`: new upgrades are refused (503). */
  closing = false;
  readonly #bridges = new Map<string, { count: number; stop: () => void }>();
  readonly #pending = new Map<string, Pending[]>();

  constructor(
    readonly pubsub: PubSub,
    readonly logger: Logger,
  ) {}

  /** Publishes JSON text to `topic` on every instance; 1 when on its way, 0 when lost at once. */
  publishText(topic: string, text: string, meta?: EventMeta): number {
    return this.pubsub.publish(topic, text, meta) ? 1 : 0;
  }

  /** Publishes for `sender`: every subscriber but the sender gets it, here and elsewhere. */
  publishFrom(sender: Sender, topic: string, text: string): number {
    // Only a topic bridged here comes back here; then the sender is left out on its way back.
    let pending: Pending[] | undefined;
    if (this.#bridges.has(topic)) {
      pending = this.#pending.get(topic);
      if (pending === undefined) {
        pending = [];
        this.#pending.set(topic, pending);
      }
      if (pending.length >= maxPendingPerTopic) pending.shift();
      pending.push({ sender, payload: text });
    }
    if (this.pubsub.publish(topic, text)) return 1;
    pending?.pop();
    return 0;
  }

  /** One more local subscriber of `topic`: the first one subscribes the hub on the pub/sub. */
  retain(topic: string): void {
    const bridge = this.#bridges.get(topic);
    if (bridge !== undefined) {
      bridge.count++;
      return;
    }
    const stop = this.pubsub.subscribe(topic, (payload) => this.#fanOut(topic, payload));
    this.#bridges.set(topic, { count: 1, stop });
  }

  /** One local subscriber of `topic` fewer: the last one unsubscribes the hub. */
  release(topic: string): void {
    const bridge = this.#bridges.get(topic);
    if (bridge === undefined || --bridge.count > 0) return;
    this.#bridges.delete(topic);
    this.#pending.delete(topic);
    bridge.stop();
  }

  /** Hands a message of `topic` to Bun, leaving out the connection that sent it, if one did. */
  #fanOut(topic: string, payload: string): void {
    const sender = this.#pending.size === 0 ? undefined : this.#senderOf(topic, payload);
    for (const server of this.servers) {
      if (sender !== undefined && sender.data.server === server) sender.publish(topic, payload);
      else server.publish(topic, payload);
    }
  }

  /**
   * The sender of a message that came back, matched against this process's own publishes of the
   * topic, which the pub/sub returns in the order they were made: entries before the match never
   * came back (lost) and go too.
   */
  #senderOf(topic: string, payload: string): Sender | undefined {
    const pending = this.#pending.get(topic);
    if (pending === undefined) return undefined;
    const index = pending.findIndex((entry) => entry.payload === payload);
    if (index < 0) return undefined;
    const { sender } = pending[index] as Pending;
    pending.splice(0, index + 1);
    if (pending.length === 0) this.#pending.delete(topic);
    return sender.readyState === 1 ? sender : undefined;
  }

  /** Refuses new upgrades and closes every open connection with 1001. */
  closeAll(): void {
    this.closing = true;
    for (const socket of this.live) socket.close(goingAway.code, goingAway.reason);
  }
}
