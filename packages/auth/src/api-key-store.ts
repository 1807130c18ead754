import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { invalidAuthOptions } from "./auth-errors.js";

/** One API key as a store keeps it: its SHA-256 digest, never the key. */
export interface ApiKeyRecord {
  /** A stable id for the key (to list and revoke it); not secret. */
  readonly id: string;
  /** `hashApiKey(key)`: base64url SHA-256 of the key. */
  readonly hash: string;
  /** Who the key authenticates: the principal's subject. Several keys may share one (rotation). */
  readonly subject: string;
  /** The scopes the key grants. */
  readonly scopes: readonly string[];
  /** Epoch milliseconds after which the key is refused; undefined: no expiry. */
  readonly expiresAt?: number;
  /** Set once the key is revoked: it is refused from then on. */
  readonly revokedAt?: number;
  /** Extra facts for the principal's `claims` (a tenant, a plan); never secrets. */
  readonly claims?: Readonly<Record<string, unknown>>;
}

/**
 * Where API keys live. `apiKey()` needs only `find`; the rest is how keys are managed. An
 * implementation over Redis or Postgres keeps `hash` as its lookup key (unique index) and answers
 * `find` with one exact lookup.
 */
export interface ApiKeyStore {
  /** The record whose `hash` is exactly `hash`, or undefined. */
  find(hash: string): ApiKeyRecord | undefined | Promise<ApiKeyRecord | undefined>;
  /** Stores a record (a new key, or a second key of a subject during rotation). */
  add(record: ApiKeyRecord): void | Promise<void>;
  /** Marks the key revoked; false when there is no such key. */
  revoke(id: string): boolean | Promise<boolean>;
  /** The records of one subject (revoked ones included), for rotation and audits. */
  list(subject: string): readonly ApiKeyRecord[] | Promise<readonly ApiKeyRecord[]>;
}

/**
 * The digest a store keeps of an API key: base64url SHA-256. A fast hash is right for keys of
 * high entropy (what `generateApiKey` makes): guessing one is hopeless whatever the hash's speed,
 * and a slow password hash would cost every request tens of milliseconds.
 *
 * @example
 * await store.add({ id: "k1", hash: hashApiKey(key), subject: "acme", scopes: ["orders:read"] });
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("base64url");
}

/** A new API key: a prefix and 32 random bytes (256 bits), base64url. Show it once; store its hash. */
export function generateApiKey(prefix = "trk"): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

/** True when both digests are equal, in time that does not depend on where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Options of `memoryApiKeyStore`. */
export interface MemoryApiKeyStoreOptions {
  /** Records to start with. */
  readonly records?: readonly ApiKeyRecord[];
  /** The clock revocations are stamped with (default `Date.now`). */
  readonly now?: () => number;
  /**
   * The most records kept (default 10 000). At the bound a new record pushes out the oldest revoked
   * or expired one, else the oldest of all (whose key is then refused): keep more keys in
   * `postgresApiKeyStore()` or `redisApiKeyStore()`.
   */
  readonly maxEntries?: number;
}

/** The in-memory store: one process, lost on restart; the default of `apiKey()`. */
export interface MemoryApiKeyStore extends ApiKeyStore {
  find(hash: string): ApiKeyRecord | undefined;
  add(record: ApiKeyRecord): void;
  revoke(id: string): boolean;
  list(subject: string): readonly ApiKeyRecord[];
  /** Makes a key for `subject`, stores its hash, and answers the key (shown once) and its id. */
  issue(grant: {
    readonly subject: string;
    readonly scopes?: readonly string[];
    readonly expiresAt?: number;
    readonly claims?: Readonly<Record<string, unknown>>;
  }): { readonly id: string; readonly key: string };
}

/**
 * API keys in this process's memory, by hash.
 *
 * @example
 * const keys = memoryApiKeyStore();
 * const { key } = keys.issue({ subject: "acme", scopes: ["orders:read"] });
 */
export function memoryApiKeyStore(options: MemoryApiKeyStoreOptions = {}): MemoryApiKeyStore {
  // A Map keeps insertion order: the first records are the oldest.
  const byHash = new Map<string, ApiKeyRecord>();
  const now = options.now ?? Date.now;
  const max = options.maxEntries ?? 10_000;
  if (!Number.isSafeInteger(max) || max < 1) {
    invalidAuthOptions("memoryApiKeyStore", "maxEntries must be a whole number from 1.");
  }
  const makeRoom = () => {
    const at = now();
    for (const [hash, record] of byHash) {
      if (record.revokedAt !== undefined || (record.expiresAt ?? Infinity) <= at) {
        byHash.delete(hash);
        return;
      }
    }
    byHash.delete(byHash.keys().next().value as string);
  };
  const add = (record: ApiKeyRecord) => {
    if (!byHash.has(record.hash) && byHash.size >= max) makeRoom();
    byHash.set(record.hash, Object.freeze({ ...record, scopes: [...record.scopes] }));
  };
  for (const record of options.records ?? []) add(record);
  return {
    find: (hash) => byHash.get(hash),
    add,
    revoke(id) {
      for (const record of byHash.values()) {
        if (record.id !== id) continue;
        add({ ...record, revokedAt: record.revokedAt ?? now() });
        return true;
      }
      return false;
    },
    list: (subject) => [...byHash.values()].filter((record) => record.subject === subject),
    issue(grant) {
      const key = generateApiKey();
      const id = crypto.randomUUID();
      add({
        id,
        hash: hashApiKey(key),
        subject: grant.subject,
        scopes: grant.scopes ?? [],
        ...(grant.expiresAt === undefined ? {} : { expiresAt: grant.expiresAt }),
        ...(grant.claims === undefined ? {} : { claims: grant.claims }),
      });
      return { id, key };
    },
  };
}
