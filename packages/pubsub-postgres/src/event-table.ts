import { encodeEventMeta, type QueuedPublish } from "@trellis/core/extend";
import type { SQL } from "bun";

/**
 * The statements of one log: a table of messages with a bigserial id (the order every instance
 * sees), a one-row table recording the highest id trimmed away (what a replay checks), and a
 * table of each publishing instance's last stored `seq` (so a batch sent again is stored once).
 * Names are checked identifiers, so they can be spliced into the text.
 */
export class EventTable {
  readonly #table: string;
  readonly #trimmed: string;
  readonly #marks: string;

  constructor(readonly name: string) {
    this.#table = `"${name}"`;
    this.#trimmed = `"${name}_trimmed"`;
    this.#marks = `"${name}_publishers"`;
  }

  /** Creates both tables when missing; one instance at a time (concurrent DDL would collide). */
  async create(sql: SQL): Promise<void> {
    await sql.begin(async (tx) => {
      await tx.unsafe("SELECT pg_advisory_xact_lock(hashtext($1))", [this.name]);
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS ${this.#table} (id bigserial PRIMARY KEY, topic text NOT NULL, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
      );
      // Added after the first version: a table made by it gets the column; its rows keep null.
      // Looked up first: ALTER TABLE locks the table even when the column is there, and every
      // query of the other instances would queue behind that lock at each startup.
      const has = await tx.unsafe(
        "SELECT 1 FROM pg_attribute WHERE attrelid = $1::regclass AND attname = 'meta' AND NOT attisdropped",
        [this.#table],
      );
      if (has.length === 0) {
        await tx.unsafe(`ALTER TABLE ${this.#table} ADD COLUMN IF NOT EXISTS meta text`);
      }
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS ${this.#trimmed} (log boolean PRIMARY KEY DEFAULT true CHECK (log), through bigint NOT NULL)`,
      );
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS ${this.#marks} (publisher text PRIMARY KEY, seq bigint NOT NULL, at timestamptz NOT NULL)`,
      );
    });
  }

  /**
   * Inserts a batch, in its order, and notifies, in one statement, skipping the `seq`s this
   * publisher stored already (a batch sent again after its answer was lost). The advisory lock is
   * taken before the ids are drawn and held until commit, so ids commit in their order: a reader
   * that reads "after the last id it read" never skips a message that commits late.
   */
  publishBatch(sql: SQL, publisher: string, batch: readonly QueuedPublish[]): Promise<unknown> {
    const first = batch[0]?.seq ?? 1;
    return sql.unsafe(
      `WITH locked AS (SELECT pg_advisory_xact_lock(hashtext($1))),
       mark AS (SELECT COALESCE((SELECT seq FROM ${this.#marks} WHERE publisher = $2), 0) AS done FROM locked),
       items AS (SELECT u.item->>0 AS topic, u.item->>1 AS payload, NULLIF(u.item->>2, '') AS meta, $4::bigint + u.n - 1 AS seq
                 FROM json_array_elements(CAST($3::text AS json)) WITH ORDINALITY AS u(item, n)),
       added AS (INSERT INTO ${this.#table} (topic, payload, meta)
                 SELECT items.topic, items.payload, items.meta FROM items, mark WHERE items.seq > mark.done ORDER BY items.seq
                 RETURNING id),
       marked AS (INSERT INTO ${this.#marks} (publisher, seq, at) SELECT $2, $5::bigint, now() FROM locked
                  ON CONFLICT (publisher) DO UPDATE SET seq = GREATEST(${this.#marks}.seq, EXCLUDED.seq), at = now())
       SELECT pg_notify($1, max(id)::text) FROM added HAVING count(*) > 0`,
      [
        this.name,
        publisher,
        JSON.stringify(batch.map((item) => [item.topic, item.payload, encodeEventMeta(item.meta)])),
        first,
        first + batch.length - 1,
      ],
    );
  }

  /** The table's storage (its epoch: new when truncated or made again) and its last id. */
  async ends(sql: SQL): Promise<{ node: string; last: string }> {
    const rows = await sql.unsafe(
      `SELECT pg_relation_filenode($1::regclass)::text AS node, COALESCE((SELECT max(id) FROM ${this.#table}), 0)::text AS last`,
      [this.#table],
    );
    return rows[0] as { node: string; last: string };
  }

  /** The messages after `cursor`, oldest first, at most `limit` (meta null: none stored). */
  read(
    sql: SQL,
    cursor: string,
    limit: number,
  ): Promise<{ id: string; topic: string; payload: string; meta: string | null }[]> {
    return sql.unsafe(
      // Ordered by the bigint column, not by the text alias (which would sort "10" before "9").
      `SELECT e.id::text AS id, e.topic, e.payload, e.meta FROM ${this.#table} e WHERE e.id > $1::bigint ORDER BY e.id LIMIT $2`,
      [cursor, limit],
    );
  }

  /** The last id in the log (0 when empty): where a new reader starts. */
  async last(sql: SQL): Promise<string> {
    const rows = await sql.unsafe(`SELECT COALESCE(max(id), 0)::text AS id FROM ${this.#table}`);
    return (rows[0] as { id: string }).id;
  }

  /**
   * In one snapshot: the newest id out of the window (by count, by age, or deleted), the newest id
   * ever, and the topic's messages after `after`. The window is applied here, not only when rows
   * are deleted, so a replay is exact whenever the trimming ran last.
   */
  async replay(
    sql: SQL,
    topic: string,
    after: string,
    window: { maxEvents: number; maxAgeMs: number },
  ): Promise<{ node: string; gone: string; newest: string; messages: [string, string][] }> {
    const rows = await sql.unsafe(
      `SELECT
         pg_relation_filenode($5::regclass)::text AS node,
         GREATEST(
           COALESCE((SELECT through FROM ${this.#trimmed}), 0),
           COALESCE((SELECT id FROM ${this.#table} ORDER BY id DESC OFFSET $3 LIMIT 1), 0),
           COALESCE((SELECT max(id) FROM ${this.#table} WHERE created_at < clock_timestamp() - $4 * interval '1 millisecond'), 0)
         )::text AS gone,
         GREATEST(
           COALESCE((SELECT max(id) FROM ${this.#table}), 0),
           COALESCE((SELECT through FROM ${this.#trimmed}), 0)
         )::text AS newest,
         COALESCE(
           (SELECT json_agg(json_build_array(id::text, payload) ORDER BY id) FROM ${this.#table} WHERE topic = $1 AND id > $2::bigint),
           '[]'::json
         ) AS messages`,
      [topic, after, window.maxEvents, window.maxAgeMs, this.#table],
    );
    const row = rows[0] as { node: string; gone: string; newest: string; messages: unknown };
    const messages = typeof row.messages === "string" ? JSON.parse(row.messages) : row.messages;
    return { ...row, messages: messages as [string, string][] };
  }

  /** Deletes what left the window and records the highest id deleted (and marks a day old). */
  trim(sql: SQL, window: { maxEvents: number; maxAgeMs: number }): Promise<unknown> {
    return sql.unsafe(
      `WITH edge AS (
         SELECT GREATEST(
           COALESCE((SELECT id FROM ${this.#table} ORDER BY id DESC OFFSET $1 LIMIT 1), 0),
           COALESCE((SELECT max(id) FROM ${this.#table} WHERE created_at < clock_timestamp() - $2 * interval '1 millisecond'), 0)
         ) AS upto
       ),
       gone AS (DELETE FROM ${this.#table} WHERE id <= (SELECT upto FROM edge) RETURNING id),
       stale AS (DELETE FROM ${this.#marks} WHERE at < now() - interval '1 day')
       INSERT INTO ${this.#trimmed} (log, through)
       SELECT true, max(id) FROM gone HAVING count(*) > 0
       ON CONFLICT (log) DO UPDATE SET through = GREATEST(${this.#trimmed}.through, EXCLUDED.through)`,
      [window.maxEvents, window.maxAgeMs],
    );
  }
}
