import { Inject, Injectable, WebSocketPublisher } from "@trellis/core";
import type { User } from "./user.js";
import type { UserEvent } from "./user-event.js";
import { userEventsTopic } from "./user-events-socket.js";

/** An event with its position in the feed: what `Last-Event-ID` refers to. */
export interface NumberedEvent {
  readonly id: number;
  readonly event: UserEvent;
}

/** How many recent events a reconnecting client can catch up on. */
export const keptEvents = 1000;

/**
 * The feed of user events of this process: the most recent events, for clients catching up after
 * a reconnect, and a wake-up for clients waiting on the next one. (Several processes would share
 * a broker or a table instead; each instance here sees the users it created.) Each event also goes
 * to the WebSocket clients of `/ws/users`.
 */
@Injectable()
export class UserEvents {
  private readonly recent: NumberedEvent[] = [];
  private lastId = 0;
  private readonly waiting = new Set<() => void>();

  constructor(@Inject(WebSocketPublisher) private readonly sockets: WebSocketPublisher) {}

  /** Records that a user was created, wakes every waiting reader and tells WebSocket clients. */
  created(user: User): void {
    this.sockets.publish(userEventsTopic, { type: "user.created", data: user });
    this.recent.push({ id: ++this.lastId, event: { kind: "created", user } });
    if (this.recent.length > keptEvents) this.recent.shift();
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /**
   * The events after `lastId` (those still kept), then each new one as it happens, until
   * `signal` aborts. Never buffers for a slow reader: it yields the next event when asked.
   */
  async *since(lastId: number, signal: AbortSignal): AsyncGenerator<NumberedEvent> {
    let seen = Math.min(lastId, this.lastId);
    while (!signal.aborted) {
      const next = this.recent.find((numbered) => numbered.id > seen);
      if (next !== undefined) {
        seen = next.id;
        yield next;
        continue;
      }
      await this.nextEvent(signal);
    }
  }

  private nextEvent(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.waiting.delete(wake);
        signal.removeEventListener("abort", wake);
        resolve();
      };
      this.waiting.add(wake);
      signal.addEventListener("abort", wake);
    });
  }
}
