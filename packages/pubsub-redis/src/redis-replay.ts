import type { PubSubMessage } from "@trellis/core";
import type { PubSubReplay } from "@trellis/core/extend";
import type { RedisClient } from "bun";
import { currentEpoch, messageOf, streamEnds } from "./stream-entries.js";
import { compareStreamIds, isStreamId, parseEventId } from "./stream-ids.js";

const pageSize = 1000;

/**
 * The messages of `topic` after the event id `after`, or the gap that stops it: `malformed` for
 * anything not an id of ours, `unknown` for a bare stream id (of a version without epochs), an id of another epoch
 * (the stream was lost and made again) or beyond the last id given, `expired` when messages after
 * it were deleted. The epoch and the ends are checked before the range (XRANGE refuses an
 * exclusive start at the largest id) and again after it (deletions and resets only move forward).
 */
export async function replayStream(
  client: RedisClient,
  key: string,
  topic: string,
  after: string,
): Promise<PubSubReplay> {
  const parsed = parseEventId(after);
  const unknown: PubSubReplay = { messages: [], gap: "unknown" };
  // A bare stream id is one of a version without epochs: its log cannot be told, so resync.
  if (parsed === undefined) return isStreamId(after) ? unknown : { messages: [], gap: "malformed" };
  const [epoch, ends] = await Promise.all([currentEpoch(client, key), streamEnds(client, key)]);
  if (epoch !== parsed.epoch || ends === undefined) return unknown;
  if (compareStreamIds(parsed.stream, ends.lastGenerated) > 0) return unknown;
  const messages: PubSubMessage[] = [];
  let from = `(${parsed.stream}`;
  while (true) {
    const page: [string, string[]][] = await client.send("XRANGE", [
      key,
      from,
      "+",
      "COUNT",
      String(pageSize),
    ]);
    for (const [id, fields] of page) {
      const message = messageOf(fields);
      if (message.topic === topic) {
        messages.push({ topic, id: `${message.epoch ?? epoch}_${id}`, payload: message.payload });
      }
    }
    const last = page[page.length - 1];
    if (page.length < pageSize || last === undefined) break;
    from = `(${last[0]}`;
  }
  const [epochAfter, endsAfter] = await Promise.all([
    currentEpoch(client, key),
    streamEnds(client, key),
  ]);
  if (epochAfter !== epoch || endsAfter === undefined) return unknown;
  if (compareStreamIds(parsed.stream, endsAfter.maxDeleted) < 0) {
    return { messages: [], gap: "expired" };
  }
  return { messages };
}
