import type { RateLimitHit, RateLimitStore } from "@trellis/rate-limit";
import {
  RedisConnection,
  type RedisStore,
  type RedisStoreOptions,
  script,
} from "./redis-connection.js";

// One request counted in a fixed window, atomically: the first INCR of a key starts its window.
// KEYS[1]: the counter. ARGV[1]: the window in milliseconds. Returns { count, milliseconds left }.
const hitScript = script(`
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }
`);

/**
 * Rate limit counters in Redis, shared by every instance: `createApp({ features: [rateLimits({
 * store: redisRateLimitStore({ url }) })] })`. Each request is one script call (INCR, and PEXPIRE when a
 * window starts), so two instances never hand out the same count.
 */
export function redisRateLimitStore(options: RedisStoreOptions = {}): RateLimitStore & RedisStore {
  const redis = new RedisConnection(options, "trellis:ratelimit:", "redisRateLimitStore");
  return {
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      const reply = (await redis.run(hitScript, [redis.prefix + key], [String(windowMs)])) as [
        number,
        number,
      ];
      return { count: Number(reply[0]), resetMs: Number(reply[1]) };
    },
    ping: () => redis.ping(),
    close: () => redis.close(),
  };
}
