import type {
  IdempotencyClaim,
  IdempotencyEntry,
  IdempotencyStore,
  StoredResponse,
} from "@trellis/idempotency";
import {
  RedisConnection,
  type RedisStore,
  type RedisStoreOptions,
  script,
} from "./redis-connection.js";

// A key's value: "r\n<token>\n<fingerprint>" while its request runs, "d\n<fingerprint>\n<response
// as JSON>" once done. The scripts compare the running value's prefix, so only the request holding
// the claim completes or releases it.

// KEYS[1]: the key. ARGV: the running value, the lock in ms. Returns the value there, or false.
const claimScript = script(`
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`);

// ARGV: the token, the response JSON, the ttl in ms. Returns 1 when completed.
const completeScript = script(`
local held = redis.call('GET', KEYS[1])
local mine = 'r\\n' .. ARGV[1] .. '\\n'
if held and string.sub(held, 1, #mine) == mine then
  local fingerprint = string.sub(held, #mine + 1)
  redis.call('SET', KEYS[1], 'd\\n' .. fingerprint .. '\\n' .. ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
`);

// ARGV: the token. Returns 1 when released.
const releaseScript = script(`
local held = redis.call('GET', KEYS[1])
local mine = 'r\\n' .. ARGV[1] .. '\\n'
if held and string.sub(held, 1, #mine) == mine then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`);

interface Encoded {
  readonly s: number;
  readonly h: readonly (readonly [string, string])[];
  /** The body, base64. */
  readonly b: string;
}

const encode = (response: StoredResponse): string =>
  JSON.stringify({
    s: response.status,
    h: response.headers,
    b: Buffer.from(response.body).toString("base64"),
  } satisfies Encoded);

function decode(value: string): IdempotencyEntry {
  const first = value.indexOf("\n");
  const second = value.indexOf("\n", first + 1);
  if (value.startsWith("r\n")) return { state: "running", fingerprint: value.slice(second + 1) };
  const encoded = JSON.parse(value.slice(second + 1)) as Encoded;
  return {
    state: "done",
    fingerprint: value.slice(first + 1, second),
    response: {
      status: encoded.s,
      headers: encoded.h,
      body: new Uint8Array(Buffer.from(encoded.b, "base64")),
    },
  };
}

/**
 * Idempotency keys in Redis, shared by every instance: `createApp({ features: [idempotencyKeys({
 * store: redisIdempotencyStore({ url }) })] })`. A claim is one script call (GET, else SET with
 * expiry), so of two instances receiving the same key at once exactly one runs the request.
 */
export function redisIdempotencyStore(
  options: RedisStoreOptions = {},
): IdempotencyStore & RedisStore {
  const redis = new RedisConnection(options, "trellis:idempotency:", "redisIdempotencyStore");
  const keyOf = (key: string) => redis.prefix + key;
  return {
    async claim(key: string, claim: IdempotencyClaim): Promise<IdempotencyEntry | undefined> {
      const running = `r\n${claim.token}\n${claim.fingerprint}`;
      const held = await redis.run(claimScript, [keyOf(key)], [running, String(claim.lockMs)]);
      return typeof held === "string" ? decode(held) : undefined;
    },
    async complete(key, token, response, ttlMs) {
      await redis.run(completeScript, [keyOf(key)], [token, encode(response), String(ttlMs)]);
    },
    async release(key, token) {
      await redis.run(releaseScript, [keyOf(key)], [token]);
    },
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
