import type { PubSub, PubSubGap } from "./pubsub.js";
import { subscribeFrom } from "./subscribe-from.js";

/** One message of a followed topic: its engine id and its payload, parsed. */
export interface TopicEvent<T = unknown> {
  readonly id: string;
  readonly data: T;
  /** The SSE event type, when `map` gives one. */
  readonly event?: string;
}

/**
 * Sent first when the client's last event id could not be honoured: it was `malformed`, older than
 * the replay window (`expired`), or `unknown` (from another log, or before a restart of an
 * in-process app). The stream goes on from now: reload the state the events update.
 */
export interface ResyncEvent {
  readonly event: "resync";
  readonly data: { readonly topic: string; readonly reason: PubSubGap };
}

/** The options of `Topics.follow` (Server-Sent Events over a topic). */
export interface FollowOptions<T = unknown> {
  /** The client's `Last-Event-ID` header: what it missed is replayed first. */
  readonly lastEventId?: string | null;
  /** Ends the stream (the handler's `this.signal`). */
  readonly signal?: AbortSignal;
  /**
   * Messages queued for a client that reads slower than they come; past this the stream ends and
   * the client reconnects and catches up from the log (default 1000).
   */
  readonly maxQueued?: number;
  /** The `retry:` sent when the stream opens: milliseconds before a client reconnects (default 2000). */
  readonly retry?: number;
  /** Reshapes each message (its parsed payload) into the event sent: its `data`, and an `event` type. */
  readonly map?: (data: unknown) => { readonly data: T; readonly event?: string };
}

/** The `retry:` an event stream sends when it opens, carried by the iterable a handler returns. */
export const streamRetry: unique symbol = Symbol("trellis.streamRetry");

/** What `follow` returns: an `AsyncIterable` an `@Sse` handler returns as it is. */
export type TopicStream<T = unknown> = AsyncIterable<TopicEvent<T> | ResyncEvent> & {
  readonly [streamRetry]: number;
};

type Item = { readonly payload: string; readonly id: string } | { readonly gap: PubSubGap };

/**
 * A topic as an async iterable of events with engine ids: the messages after `lastEventId` first
 * (exactly once, in order), then each new one. Ends when `signal` aborts, when the client falls
 * `maxQueued` messages behind, or when the engine cannot be reached for the replay: in each case
 * the client reconnects with its last id and misses nothing still in the window.
 */
export function followTopic<T = unknown>(
  pubsub: PubSub,
  topic: string,
  options: FollowOptions<T> = {},
): TopicStream<T> {
  const { signal, map } = options;
  const maxQueued = options.maxQueued ?? 1000;
  const after = options.lastEventId ?? undefined;
  async function* events(): AsyncGenerator<TopicEvent<T> | ResyncEvent> {
    const queue: Item[] = [];
    let head = 0;
    let ended = false;
    let wake: (() => void) | undefined;
    const rouse = () => {
      const waiting = wake;
      wake = undefined;
      waiting?.();
    };
    const end = () => {
      ended = true;
      rouse();
    };
    const stop = subscribeFrom(pubsub, topic, after === "" ? undefined : after, {
      message(payload, id) {
        if (queue.length - head >= maxQueued) end();
        else queue.push({ payload, id });
        rouse();
      },
      gap(reason) {
        queue.push({ gap: reason });
        rouse();
      },
      fail: end,
    });
    signal?.addEventListener("abort", end);
    try {
      while (true) {
        const item = queue[head];
        if (item !== undefined) {
          queue[head++] = undefined as never;
          if (head > 64 && head * 2 > queue.length) {
            queue.splice(0, head);
            head = 0;
          }
          if ("gap" in item) {
            yield { event: "resync", data: { topic, reason: item.gap } };
            continue;
          }
          const data: unknown = JSON.parse(item.payload);
          if (map === undefined) yield { id: item.id, data: data as T };
          else yield { id: item.id, ...map(data) };
          continue;
        }
        if (ended || signal?.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      stop();
      signal?.removeEventListener("abort", end);
    }
  }
  return Object.assign(events(), { [streamRetry]: options.retry ?? 2000 });
}
