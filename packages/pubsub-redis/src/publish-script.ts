import { createHash } from "node:crypto";
import type { RedisClient } from "bun";

/**
 * One publish, atomically: XADD the message, then delete (XDEL) what falls out of the window, by
 * count and by age (on the server's clock). XDEL rather than XADD's MAXLEN/MINID trimming:
 * Redis records the highest deleted id only for XDEL (`max-deleted-entry-id` in XINFO STREAM),
 * and that is what tells a replay exactly whether messages after a client's id are gone.
 * KEYS[1]: the stream. ARGV: topic, payload, maxEvents, maxAgeMs. Returns the new id.
 */
export const publishScript = `
local id = redis.call('XADD', KEYS[1], '*', 'topic', ARGV[1], 'payload', ARGV[2])
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  local gone = {}
  for i, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', math.min(excess, 1000))) do
    gone[i] = entry[1]
  end
  redis.call('XDEL', KEYS[1], unpack(gone))
end
local now = redis.call('TIME')
local cutoff = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[4])
if cutoff > 0 then
  local aged = {}
  for i, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '(' .. cutoff .. '-0', 'COUNT', 1000)) do
    aged[i] = entry[1]
  end
  if #aged > 0 then redis.call('XDEL', KEYS[1], unpack(aged)) end
end
return id
`;

const sha = createHash("sha1").update(publishScript).digest("hex");

/** Runs the publish script by its hash, loading it (EVAL) when the server does not have it yet. */
export async function runPublish(
  client: RedisClient,
  key: string,
  topic: string,
  payload: string,
  maxEvents: number,
  maxAgeMs: number,
): Promise<string> {
  const args = ["1", key, topic, payload, String(maxEvents), String(maxAgeMs)];
  try {
    return await client.send("EVALSHA", [sha, ...args]);
  } catch (error) {
    // A restarted server has an empty script cache.
    if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
    return await client.send("EVAL", [publishScript, ...args]);
  }
}
