/** A completed response, as kept for replay. */
export interface StoredResponse {
  readonly status: number;
  /** Its header fields in order, names in lower case. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Uint8Array;
}

/** What a store holds under a key that someone claimed already. */
export type IdempotencyEntry =
  | { readonly state: "running"; readonly fingerprint: string }
  | { readonly state: "done"; readonly fingerprint: string; readonly response: StoredResponse };

/** The claim of a key by the request that will run it. */
export interface IdempotencyClaim {
  /** Unique to this request: only its holder may complete or release the key. */
  readonly token: string;
  /** The request's fingerprint (method, target and body): a retry must match it. */
  readonly fingerprint: string;
  /** Milliseconds the claim holds if it is never completed or released (a crashed instance). */
  readonly lockMs: number;
}

/**
 * Where idempotency keys live. `claim` is atomic: of two requests (on two instances sharing the
 * store) claiming one key at once, exactly one gets `undefined` (it runs), the other sees its
 * entry. The in-memory default is `memoryIdempotencyStore()`; `redisIdempotencyStore()`
 * (`@trellis/store-redis`) shares keys between instances.
 */
export interface IdempotencyStore {
  /** Claims `key` when nobody holds it (undefined), else returns what is there. */
  claim(key: string, claim: IdempotencyClaim): Promise<IdempotencyEntry | undefined>;
  /** Keeps the response for `ttlMs`, if `token` still holds the key. */
  complete(key: string, token: string, response: StoredResponse, ttlMs: number): Promise<void>;
  /** Gives the key up (the request failed: a retry may run it again), if `token` holds it. */
  release(key: string, token: string): Promise<void>;
  /** Releases what the store holds (connections); called by `app.close()`. */
  close?(): void | Promise<void>;
}
