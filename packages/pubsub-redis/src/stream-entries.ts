import type { RedisClient } from "bun";

/** One stream entry as Redis answers it: its id and its fields as a flat list. */
export type StreamEntry = [id: string, fields: string[]];

/** The entries of `key` in an XREAD answer (a map in RESP3, pairs in RESP2, null when none). */
export function entriesOf(reply: unknown, key: string): StreamEntry[] {
  if (reply === null || reply === undefined) return [];
  if (Array.isArray(reply)) {
    for (const item of reply as [string, StreamEntry[]][]) if (item[0] === key) return item[1];
    return [];
  }
  return (reply as Record<string, StreamEntry[] | undefined>)[key] ?? [];
}

/**
 * The topic, payload, epoch and meta fields of an entry (no epoch or meta: written by an older
 * version, or published outside a request).
 */
export function messageOf(fields: readonly string[]): {
  topic: string;
  payload: string;
  epoch: string | undefined;
  meta: string | undefined;
} {
  let topic = "";
  let payload = "";
  let epoch: string | undefined;
  let meta: string | undefined;
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const name = fields[index];
    if (name === "topic") topic = fields[index + 1] as string;
    else if (name === "payload") payload = fields[index + 1] as string;
    else if (name === "epoch") epoch = fields[index + 1] as string;
    else if (name === "meta") meta = fields[index + 1] as string;
  }
  return { topic, payload, epoch, meta };
}

/** The current epoch of the stream `key` (none until the first publish after it was made). */
export async function currentEpoch(client: RedisClient, key: string): Promise<string | undefined> {
  const epoch: string | null = await client.send("GET", [epochKey(key)]);
  return epoch ?? undefined;
}

/** Where the epoch of the stream `key` is kept. */
export const epochKey = (key: string): string => `${key}:epoch`;

/** What XINFO STREAM says about the log's ends, or undefined when the stream does not exist. */
export async function streamEnds(
  client: RedisClient,
  key: string,
): Promise<{ lastGenerated: string; maxDeleted: string } | undefined> {
  let info: Record<string, unknown>;
  try {
    info = await client.send("XINFO", ["STREAM", key]);
  } catch (error) {
    if (String((error as Error)?.message).includes("no such key")) return undefined;
    throw error;
  }
  const pairs = Array.isArray(info) ? toRecord(info) : info;
  return {
    lastGenerated: String(pairs["last-generated-id"] ?? "0-0"),
    maxDeleted: String(pairs["max-deleted-entry-id"] ?? "0-0"),
  };
}

// RESP2 answers XINFO with a flat list of names and values.
function toRecord(list: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let index = 0; index + 1 < list.length; index += 2) {
    record[String(list[index])] = list[index + 1];
  }
  return record;
}
