// 2025-era cancellation: `notifications/cancelled` comes in its own POST, so in a stateless server
// it meets a fresh SDK instance that never saw the call. The calls in flight on this process are
// kept here, by caller and request id, for the notification to find. A caller is who the request
// says it is (its Authorization header): another caller cannot cancel a call of yours, though two
// anonymous clients share one name. Behind a balancer a cancel that reaches another instance finds
// nothing (the call runs to its end); 2026-07-28 cancels by closing the call's own stream instead.
const inFlight = new Map<string, AbortController>();

const keyOf = (http: Request, id: unknown) =>
  JSON.stringify([http.headers.get("authorization") ?? "", id]);

/** Tracks a 2025-era call until `done`: its signal aborts on a matching cancellation. */
export function trackLegacyCall(http: Request, id: unknown): { signal: AbortSignal; done(): void } {
  const key = keyOf(http, id);
  const abort = new AbortController();
  inFlight.set(key, abort);
  return {
    signal: abort.signal,
    done: () => {
      if (inFlight.get(key) === abort) inFlight.delete(key);
    },
  };
}

/** Aborts the caller's call in flight with this id, if there is one here. */
export function cancelLegacyCall(http: Request, id: unknown, reason: unknown): void {
  const key = keyOf(http, id);
  inFlight.get(key)?.abort(reason);
  inFlight.delete(key);
}
