import type { EventMeta } from "@trellis/core/extend";
import { within } from "@trellis/testing";
import { describeEventMeta, type RunningEngine, startPostgres } from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

describeEventMeta("postgres", () => ({
  make: (log) => postgresPubSub({ url: postgres.url, table: log.replaceAll("-", "_") }),
}));

describe("postgresPubSub on a table of a version without meta", () => {
  it("adds the column and delivers both the old rows' kind (no meta) and new ones", async () => {
    const sql = new SQL(postgres.url, { max: 1 });
    const table = "events_before_meta";
    // The table as the first version made it: no meta column.
    await sql.unsafe(
      `CREATE TABLE ${table} (id bigserial PRIMARY KEY, topic text NOT NULL, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp())`,
    );
    await sql.unsafe(`INSERT INTO ${table} (topic, payload) VALUES ('t', '"old"')`);
    const pubsub = postgresPubSub({ url: postgres.url, table });
    try {
      await pubsub.open?.({ logger: console });
      const got: { payload: string; meta: EventMeta | undefined }[] = [];
      pubsub.subscribe("t", (payload, _id, _topic, meta) => got.push({ payload, meta }));
      // A row written by an older instance still running beside this one: meta stays null.
      await sql.unsafe(
        `INSERT INTO ${table} (topic, payload) VALUES ('t', '"older instance"'); SELECT pg_notify('${table}', '')`,
      );
      await within(
        waitFor(() => got.length >= 1),
        10,
        "the older instance's row",
      );
      expect(pubsub.publish("t", '"new"', { requestId: "r-9" })).toBe(true);
      await within(
        waitFor(() => got.length >= 2),
        10,
        "the new row",
      );
      expect(got).toEqual([
        { payload: '"older instance"', meta: undefined },
        { payload: '"new"', meta: { requestId: "r-9" } },
      ]);
      const rows = await sql.unsafe(`SELECT payload, meta FROM ${table} ORDER BY id`);
      expect(rows.map((row: { meta: string | null }) => row.meta === null)).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      await pubsub.close();
      await sql.close();
    }
  });
});

async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}
