import { createHash } from "node:crypto";
import { encodeEventMeta, type QueuedPublish } from "@trellis/core/extend";
import type { RedisClient } from "bun";

/**
 * One batch of publishes, atomically and in order. First the epoch: kept in its own key, made
 * again (from the server's clock, base 36) when the stream or that key is missing, so a stream
 * lost with the server's data gets a new epoch and ids of the old one are refused. Then the
 * publisher's high-water mark: a batch sent again after its answer was lost skips the `seq`s
 * already stored. Then XADD each message (with its epoch), and XDEL what falls out of the window,
 * by count and by age on the server's clock. XDEL rather than XADD's MAXLEN/MINID trimming: Redis
 * records the highest deleted id only for XDEL (`max-deleted-entry-id` in XINFO STREAM), and that
 * is what tells a replay exactly whether messages after a client's id are gone.
 * KEYS: the stream, its epoch, this publisher's mark. ARGV: maxEvents, maxAgeMs, the mark's
 * lifetime (ms), the first seq, then topic, payload and meta (JSON text, "" for none: then no
 * `meta` field is written, as by older versions) of each message. Returns the epoch.
 */
export const publishScript = `
local epoch = redis.call('GET', KEYS[2])
if not epoch or redis.call('EXISTS', KEYS[1]) == 0 then
  local t = redis.call('TIME')
  local n = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local digits = '0123456789abcdefghijklmnopqrstuvwxyz'
  local text = ''
  repeat
    local d = n % 36
    text = string.sub(digits, d + 1, d + 1) .. text
    n = math.floor(n / 36)
  until n == 0
  if text == epoch then text = text .. '1' end
  epoch = text
  redis.call('SET', KEYS[2], epoch)
end
local done = tonumber(redis.call('GET', KEYS[3]) or '0')
local seq = tonumber(ARGV[4])
for i = 5, #ARGV, 3 do
  if seq > done then
    if ARGV[i + 2] == '' then
      redis.call('XADD', KEYS[1], '*', 'topic', ARGV[i], 'payload', ARGV[i + 1], 'epoch', epoch)
    else
      redis.call('XADD', KEYS[1], '*', 'topic', ARGV[i], 'payload', ARGV[i + 1], 'epoch', epoch, 'meta', ARGV[i + 2])
    end
    done = seq
  end
  seq = seq + 1
end
redis.call('SET', KEYS[3], done, 'PX', ARGV[3])
local excess = redis.call('XLEN', KEYS[1]) - tonumber(ARGV[1])
if excess > 0 then
  local gone = {}
  for i, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', math.min(excess, 1000))) do
    gone[i] = entry[1]
  end
  redis.call('XDEL', KEYS[1], unpack(gone))
end
local now = redis.call('TIME')
local cutoff = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) - tonumber(ARGV[2])
if cutoff > 0 then
  local aged = {}
  for i, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '(' .. cutoff .. '-0', 'COUNT', 1000)) do
    aged[i] = entry[1]
  end
  if #aged > 0 then redis.call('XDEL', KEYS[1], unpack(aged)) end
end
return epoch
`;

const sha = createHash("sha1").update(publishScript).digest("hex");

/** The keys of one log and publisher, and the window a batch trims to. */
export interface BatchTarget {
  readonly stream: string;
  readonly epoch: string;
  readonly mark: string;
  readonly markLifetimeMs: number;
  readonly maxEvents: number;
  readonly maxAgeMs: number;
}

/** Runs the publish script by its hash, loading it (EVAL) when the server does not have it yet. */
export async function runBatch(
  client: RedisClient,
  target: BatchTarget,
  batch: readonly QueuedPublish[],
): Promise<string> {
  const args = [
    "3",
    target.stream,
    target.epoch,
    target.mark,
    String(target.maxEvents),
    String(target.maxAgeMs),
    String(target.markLifetimeMs),
    String(batch[0]?.seq ?? 1),
  ];
  for (const item of batch) args.push(item.topic, item.payload, encodeEventMeta(item.meta));
  try {
    return await client.send("EVALSHA", [sha, ...args]);
  } catch (error) {
    // A restarted server has an empty script cache. Only one batch is ever on its way, so the
    // EVAL that follows cannot be overtaken by a later publish.
    if (!String((error as Error)?.message).startsWith("NOSCRIPT")) throw error;
    return await client.send("EVAL", [publishScript, ...args]);
  }
}
