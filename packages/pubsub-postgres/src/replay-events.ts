import type { PubSubReplay, PubSubWindow } from "@trellis/core/extend";
import type { SQL } from "bun";
import { compareRowIds, epochOf, isRowId, parseEventId } from "./event-ids.js";
import type { EventTable } from "./event-table.js";

/**
 * The messages of `topic` after the event id `after`, or the gap that stops it: `malformed` for
 * anything not an id of ours, `unknown` for a bare row id (of a version without epochs), an id
 * of another epoch (the table was truncated or made again since) or one beyond the last id given,
 * `expired` when messages after it left the window. One query, one snapshot.
 */
export async function replayEvents(
  table: EventTable,
  sql: SQL,
  topic: string,
  after: string,
  window: PubSubWindow,
): Promise<PubSubReplay> {
  const parsed = parseEventId(after);
  const unknown: PubSubReplay = { messages: [], gap: "unknown" };
  if (parsed === undefined) return isRowId(after) ? unknown : { messages: [], gap: "malformed" };
  const found = await table.replay(sql, topic, parsed.row, window);
  const epoch = epochOf(found.node);
  if (parsed.epoch !== epoch) return unknown;
  if (compareRowIds(parsed.row, found.newest) > 0) return unknown;
  if (compareRowIds(parsed.row, found.gone) < 0) return { messages: [], gap: "expired" };
  return {
    messages: found.messages.map(([id, payload]) => ({ topic, id: `${epoch}_${id}`, payload })),
  };
}
