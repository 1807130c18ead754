import { methodTarget } from "../metadata/decorator-target.js";

/** Options of an `@Sse` route. */
export interface SseOptions {
  /**
   * Milliseconds between keep-alive comments sent while no event comes (default 5000), so
   * proxies, browsers and the server's own `idleTimeout` (10 s by default in Bun) keep an idle
   * stream open; 0 sends none. Keep it below every idle timeout on the way. At most 2^31 - 1
   * (the longest a timer can wait): anything else is `INVALID_DURATION` at startup.
   */
  readonly keepAlive?: number;
}

/**
 * Declares a Server-Sent Events route: a GET whose handler returns an `AsyncIterable` (typically
 * an `async function*`) of values or `{ data, event?, id?, retry? }` events. Guards, security and
 * input validation run before the stream starts; the iterator is stopped (its `finally` runs) when
 * the client disconnects, and pulled only as fast as the client reads. With `@Returns(200, Event)`
 * each event's data is documented and, under `validateResponse`, validated.
 *
 * @example
 * @Sse("/events")
 * @Returns(200, UserEvent)
 * async *events(@Header("last-event-id") lastId?: string) {
 *   for await (const event of this.feed.since(lastId)) yield { id: event.id, data: event };
 * }
 */
export function Sse(path?: string, options?: SseOptions): MethodDecorator {
  return (target, key) => {
    const metadata = methodTarget("@Sse", target, key);
    if (!metadata) return;
    metadata.verbs.unshift({ method: "GET", path });
    metadata.sse = options ?? {};
  };
}
