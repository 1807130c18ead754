// 2025-era cancellation: `notifications/cancelled` comes in its own POST, so in a stateless server
// it meets a fresh SDK instance that never saw the call. The calls in flight on this process are
// kept here, by caller and request id, for the notification to find. A caller is who the request
// says it is (a digest of its Authorization header, `callerOf`): another caller cannot cancel a
// call of yours, though two anonymous clients share one name. A cancel that finds nothing here is
// relayed to the other instances when the endpoint has a pub/sub (`LegacyRelay`); 2026-07-28
// cancels by closing the call's own stream instead.

/** The 2025-era calls in flight on this process, by caller and request id. */
export class LegacyCalls {
  readonly #inFlight = new Map<string, AbortController>();

  /** Tracks a call until `done`: its signal aborts on a matching cancellation. */
  track(caller: string, id: unknown): { signal: AbortSignal; done(): void } {
    const key = JSON.stringify([caller, id]);
    const abort = new AbortController();
    this.#inFlight.set(key, abort);
    return {
      signal: abort.signal,
      done: () => {
        if (this.#inFlight.get(key) === abort) this.#inFlight.delete(key);
      },
    };
  }

  /** Aborts the caller's call in flight here with this id: false when there is none here. */
  cancel(caller: string, id: unknown, reason: unknown): boolean {
    const key = JSON.stringify([caller, id]);
    const abort = this.#inFlight.get(key);
    if (abort === undefined) return false;
    this.#inFlight.delete(key);
    abort.abort(reason);
    return true;
  }
}
