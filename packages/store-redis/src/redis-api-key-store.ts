import type { ApiKeyRecord, ApiKeyStore } from "@trellis/auth";
import { RedisConnection, type RedisStoreOptions, script } from "./redis-connection.js";

// Keys under the prefix: `rec:<id>` a hash (hash, subject, record: JSON of scopes, claims and
// expiresAt, revokedAt), `hash:<digest>` the id holding that digest (the lookup), `subject:<s>`
// the set of a subject's ids. Each operation is one script, so the three never disagree.

// KEYS: rec, hash, subject. ARGV: id, digest, subject, record JSON, revokedAt or "", prefix.
const addScript = script(`
local owner = redis.call('GET', KEYS[2])
if owner and owner ~= ARGV[1] then return redis.error_reply('ERR this digest is held by another id') end
local old = redis.call('HMGET', KEYS[1], 'hash', 'subject')
if old[1] and old[1] ~= ARGV[2] then redis.call('DEL', ARGV[6] .. 'hash:' .. old[1]) end
if old[2] and old[2] ~= ARGV[3] then redis.call('SREM', ARGV[6] .. 'subject:' .. old[2], ARGV[1]) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'hash', ARGV[2], 'subject', ARGV[3], 'record', ARGV[4])
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'revokedAt', ARGV[5]) end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
`);

// One record as a flat list: id, digest, subject, record JSON, revokedAt or "".
const readRecord = `
local function record(prefix, id)
  local v = redis.call('HMGET', prefix .. 'rec:' .. id, 'hash', 'subject', 'record', 'revokedAt')
  if not v[1] then return nil end
  return { id, v[1], v[2], v[3], v[4] or '' }
end
`;

// KEYS: hash. ARGV: prefix.
const findScript = script(`${readRecord}
local id = redis.call('GET', KEYS[1])
if not id then return false end
return record(ARGV[1], id) or false
`);

// KEYS: subject. ARGV: prefix. Every record of the subject, flattened.
const listScript = script(`${readRecord}
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local r = record(ARGV[1], id)
  if r then for _, field in ipairs(r) do table.insert(out, field) end end
end
return out
`);

// KEYS: rec. ARGV: now. The first revocation's time stays.
const revokeScript = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSETNX', KEYS[1], 'revokedAt', ARGV[1])
return 1
`);

interface Kept {
  readonly scopes: readonly string[];
  readonly claims?: Readonly<Record<string, unknown>>;
  readonly expiresAt?: number;
}

function recordOf(fields: readonly string[]): ApiKeyRecord {
  const [id, hash, subject, json, revokedAt] = fields as [string, string, string, string, string];
  const kept = JSON.parse(json) as Kept;
  return Object.freeze({
    id,
    hash,
    subject,
    scopes: [...kept.scopes],
    ...(kept.claims === undefined ? {} : { claims: kept.claims }),
    ...(kept.expiresAt === undefined ? {} : { expiresAt: kept.expiresAt }),
    ...(revokedAt === "" ? {} : { revokedAt: Number(revokedAt) }),
  });
}

/** The options of `redisApiKeyStore`. */
export interface RedisApiKeyStoreOptions extends RedisStoreOptions {
  /** The clock revocations are stamped with (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * API keys in Redis, shared by every instance: `apiKey({ store: redisApiKeyStore({ url }) })`.
 * Keys are kept as their SHA-256 digest (`hashApiKey`), the lookup key, so `find` is one script
 * call; a subject may hold several keys (rotation), and a revoked key is refused by every
 * instance from its next request on. Records never expire in Redis (audits list revoked ones):
 * use a Redis that keeps its data (persistence on, no eviction of these keys).
 */
export function redisApiKeyStore(options: RedisApiKeyStoreOptions = {}): ApiKeyStore & {
  close(): void;
} {
  const redis = new RedisConnection(options, "trellis:apikeys:", "redisApiKeyStore");
  const now = options.now ?? Date.now;
  const { prefix } = redis;
  return {
    async find(hash) {
      const reply = await redis.run(findScript, [`${prefix}hash:${hash}`], [prefix]);
      return Array.isArray(reply) ? recordOf(reply as string[]) : undefined;
    },
    async add(record) {
      const kept: Kept = {
        scopes: record.scopes,
        ...(record.claims === undefined ? {} : { claims: record.claims }),
        ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
      };
      await redis.run(
        addScript,
        [
          `${prefix}rec:${record.id}`,
          `${prefix}hash:${record.hash}`,
          `${prefix}subject:${record.subject}`,
        ],
        [
          record.id,
          record.hash,
          record.subject,
          JSON.stringify(kept),
          record.revokedAt === undefined ? "" : String(record.revokedAt),
          prefix,
        ],
      );
    },
    async revoke(id) {
      return Number(await redis.run(revokeScript, [`${prefix}rec:${id}`], [String(now())])) === 1;
    },
    async list(subject) {
      const flat = (await redis.run(
        listScript,
        [`${prefix}subject:${subject}`],
        [prefix],
      )) as string[];
      const records: ApiKeyRecord[] = [];
      for (let at = 0; at < flat.length; at += 5) records.push(recordOf(flat.slice(at, at + 5)));
      return records;
    },
    close: () => redis.close(),
  };
}
