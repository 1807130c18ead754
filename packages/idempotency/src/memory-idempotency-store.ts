import { idempotencyError } from "./idempotency-errors.js";
import type {
  IdempotencyClaim,
  IdempotencyEntry,
  IdempotencyStore,
  StoredResponse,
} from "./idempotency-store.js";

/** The options of `memoryIdempotencyStore`. */
export interface MemoryIdempotencyStoreOptions {
  /** The clock, in milliseconds (default `Date.now`): tests pass their own. */
  readonly now?: () => number;
  /**
   * The most keys kept at once, running and done (default 10 000: with responses of a few KB, tens
   * of MB). At the bound the oldest key goes first: a retry of it runs again. A shared store
   * (`@trellis/store-redis`, `@trellis/store-postgres`) keeps every key for its ttl.
   */
  readonly maxEntries?: number;
}

// The stores this package made: a feature warns when one serves what looks like several instances.
const memoryStores = new WeakSet<IdempotencyStore>();

/** True for a store made by `memoryIdempotencyStore()`. */
export const isMemoryIdempotencyStore = (store: IdempotencyStore): boolean =>
  memoryStores.has(store);

type Held =
  | {
      readonly state: "running";
      readonly fingerprint: string;
      readonly token: string;
      readonly until: number;
    }
  | {
      readonly state: "done";
      readonly fingerprint: string;
      readonly response: StoredResponse;
      readonly until: number;
    };

/**
 * Idempotency keys in this process (the default): a `Map` with expiry, swept at most once per
 * second of the clock, at most `maxEntries` (oldest out first). Atomic within the process; each
 * instance has its own keys, so use `redisIdempotencyStore()` or `postgresIdempotencyStore()` when
 * several instances serve one API.
 */
export function memoryIdempotencyStore(
  options: MemoryIdempotencyStoreOptions = {},
): IdempotencyStore {
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 10_000;
  if (!Number.isSafeInteger(max) || max < 1) {
    throw idempotencyError("INVALID_IDEMPOTENCY", [
      "memoryIdempotencyStore",
      "maxEntries must be a whole number from 1.",
    ]);
  }
  // A Map keeps insertion order: a claimed key goes last, the oldest is first out.
  const held = new Map<string, Held>();
  let nextSweep = 0;
  const current = (key: string, at: number): Held | undefined => {
    if (at >= nextSweep) {
      nextSweep = at + 1000;
      for (const [name, entry] of held) if (entry.until <= at) held.delete(name);
    }
    const entry = held.get(key);
    if (entry !== undefined && entry.until <= at) {
      held.delete(key);
      return undefined;
    }
    return entry;
  };
  const holds = (key: string, token: string) => {
    const entry = current(key, now());
    return entry?.state === "running" && entry.token === token;
  };
  const store: IdempotencyStore = {
    claim(key: string, claim: IdempotencyClaim): Promise<IdempotencyEntry | undefined> {
      const at = now();
      const entry = current(key, at);
      if (entry === undefined) {
        if (held.size >= max) held.delete(held.keys().next().value as string);
        held.set(key, {
          state: "running",
          fingerprint: claim.fingerprint,
          token: claim.token,
          until: at + claim.lockMs,
        });
        return Promise.resolve(undefined);
      }
      return Promise.resolve(
        entry.state === "running"
          ? { state: "running", fingerprint: entry.fingerprint }
          : { state: "done", fingerprint: entry.fingerprint, response: entry.response },
      );
    },
    complete(key, token, response, ttlMs) {
      const entry = held.get(key);
      if (entry !== undefined && holds(key, token)) {
        held.set(key, {
          state: "done",
          fingerprint: entry.fingerprint,
          response,
          until: now() + ttlMs,
        });
      }
      return Promise.resolve();
    },
    release(key, token) {
      if (holds(key, token)) held.delete(key);
      return Promise.resolve();
    },
  };
  memoryStores.add(store);
  return store;
}
