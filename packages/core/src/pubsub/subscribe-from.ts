import { EngineUnavailableError } from "../errors/engine-unavailable.js";
import { isThenable } from "./is-thenable.js";
import type { PubSub, PubSubGap, PubSubReplay } from "./pubsub.js";

/** What a resuming subscriber does with what it receives. */
export interface ResumeHandlers {
  /** Each message, in id order, once: first the missed ones, then the live ones. */
  readonly message: (payload: string, id: string) => void;
  /** The id could not be honoured: delivery starts from the subscription (before any message). */
  readonly gap: (reason: PubSubGap) => void;
  /** The replay failed (the engine is unreachable): nothing more is delivered. */
  readonly fail: (error: unknown) => void;
}

// Live messages held while the replay is read: more than this and the subscriber is failed
// (it reconnects and replays from the log instead of making this process buffer without bound).
const maxHeld = 10_000;
// A replay the engine has not answered in this long (a stalled server: its socket open, nothing
// answered) fails the subscriber, which reconnects and asks again, instead of waiting unbounded.
export const replayTimeoutMs = 10_000;

/**
 * Subscribes to `topic` and, when `after` is given, first delivers what was published after it:
 * exactly once and in order. The live subscription starts before the replay is read, and holds
 * its messages until the replay is delivered; then only the held messages newer than the last
 * replayed one follow, and live ones are skipped until one is newer than that (the replay may
 * have read further than the live reader had come). Ordered by the adapter's `compare`. Returns
 * the unsubscribe function.
 */
export function subscribeFrom(
  pubsub: PubSub,
  topic: string,
  after: string | undefined,
  handlers: ResumeHandlers,
): () => void {
  let live = after === undefined;
  let stopped = false;
  let held: string[] = []; // payload, id, payload, id, ...
  // The last id delivered while the live messages may still lag behind the replay (its reader
  // can be behind the engine): live ids up to it were sent already.
  let last: string | undefined;
  const unsubscribe = pubsub.subscribe(topic, (payload, id) => {
    if (live) {
      if (last !== undefined) {
        if (pubsub.compare(id, last) <= 0) return;
        last = undefined;
      }
      handlers.message(payload, id);
    } else if (!stopped) {
      held.push(payload, id);
      if (held.length > maxHeld * 2) fail(new Error(`more than ${maxHeld} messages held`));
    }
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    stopped = true;
    held = [];
    unsubscribe();
  };
  const fail = (error: unknown) => {
    if (stopped) return;
    stop();
    handlers.fail(error);
  };
  if (after === undefined) return stop;

  const settle = (replay: PubSubReplay) => {
    clearTimeout(timer);
    if (stopped) return;
    if (replay.gap !== undefined) handlers.gap(replay.gap);
    else {
      last = after;
      for (const message of replay.messages) {
        if (stopped) return;
        if (pubsub.compare(message.id, last) > 0) {
          handlers.message(message.payload, message.id);
          last = message.id;
        }
      }
    }
    for (let index = 0; index < held.length; index += 2) {
      if (stopped) return;
      const id = held[index + 1] as string;
      if (last === undefined || pubsub.compare(id, last) > 0) {
        handlers.message(held[index] as string, id);
        last = id;
      }
    }
    held = [];
    live = true;
  };
  try {
    const replay = pubsub.replay(topic, after);
    if (isThenable(replay)) {
      timer = setTimeout(() => {
        const engine = pubsub.status().engine;
        fail(new EngineUnavailableError(engine, `no replay within ${replayTimeoutMs} ms`));
      }, replayTimeoutMs);
      replay.then(settle, fail);
    } else settle(replay);
  } catch (error) {
    fail(error);
  }
  return stop;
}
