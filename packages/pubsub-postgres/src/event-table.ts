import type { SQL } from "bun";

/**
 * The statements of one log: a table of messages with a bigserial id (the order every instance
 * sees), and a one-row table recording the highest id trimmed away (what a replay checks).
 * Names are checked identifiers, so they can be spliced into the text.
 */
export class EventTable {
  readonly #table: string;
  readonly #trimmed: string;

  constructor(readonly name: string) {
    this.#table = `"${name}"`;
    this.#trimmed = `"${name}_trimmed"`;
  }

  /** Creates both tables when missing; one instance at a time (concurrent DDL would collide). */
  async create(sql: SQL): Promise<void> {
    await sql.begin(async (tx) => {
      await tx.unsafe("SELECT pg_advisory_xact_lock(hashtext($1))", [this.name]);
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS ${this.#table} (id bigserial PRIMARY KEY, topic text NOT NULL, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
      );
      await tx.unsafe(
        `CREATE TABLE IF NOT EXISTS ${this.#trimmed} (log boolean PRIMARY KEY DEFAULT true CHECK (log), through bigint NOT NULL)`,
      );
    });
  }

  /**
   * Inserts and notifies in one statement. The advisory lock is taken before the id is drawn and
   * held until commit, so ids commit in their order: a reader that reads "after the last id it
   * read" never skips a message that commits late. NOTIFY is sent at commit, carrying the id.
   */
  publish(sql: SQL, topic: string, payload: string): Promise<unknown> {
    return sql.unsafe(
      `WITH locked AS (SELECT pg_advisory_xact_lock(hashtext($3))),
       added AS (INSERT INTO ${this.#table} (topic, payload) SELECT $1, $2 FROM locked RETURNING id)
       SELECT pg_notify($3, id::text) FROM added`,
      [topic, payload, this.name],
    );
  }

  /** The messages after `cursor`, oldest first, at most `limit`. */
  read(
    sql: SQL,
    cursor: string,
    limit: number,
  ): Promise<{ id: string; topic: string; payload: string }[]> {
    return sql.unsafe(
      // Ordered by the bigint column, not by the text alias (which would sort "10" before "9").
      `SELECT e.id::text AS id, e.topic, e.payload FROM ${this.#table} e WHERE e.id > $1::bigint ORDER BY e.id LIMIT $2`,
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
  ): Promise<{ gone: string; newest: string; messages: [string, string][] }> {
    const rows = await sql.unsafe(
      `SELECT
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
      [topic, after, window.maxEvents, window.maxAgeMs],
    );
    const row = rows[0] as { gone: string; newest: string; messages: unknown };
    const messages = typeof row.messages === "string" ? JSON.parse(row.messages) : row.messages;
    return { gone: row.gone, newest: row.newest, messages: messages as [string, string][] };
  }

  /** Deletes what left the window and records the highest id deleted. */
  trim(sql: SQL, window: { maxEvents: number; maxAgeMs: number }): Promise<unknown> {
    return sql.unsafe(
      `WITH edge AS (
         SELECT GREATEST(
           COALESCE((SELECT id FROM ${this.#table} ORDER BY id DESC OFFSET $1 LIMIT 1), 0),
           COALESCE((SELECT max(id) FROM ${this.#table} WHERE created_at < clock_timestamp() - $2 * interval '1 millisecond'), 0)
         ) AS upto
       ),
       gone AS (DELETE FROM ${this.#table} WHERE id <= (SELECT upto FROM edge) RETURNING id)
       INSERT INTO ${this.#trimmed} (log, through)
       SELECT true, max(id) FROM gone HAVING count(*) > 0
       ON CONFLICT (log) DO UPDATE SET through = GREATEST(${this.#trimmed}.through, EXCLUDED.through)`,
      [window.maxEvents, window.maxAgeMs],
    );
  }
}
