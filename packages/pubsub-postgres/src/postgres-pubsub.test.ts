import { expectWholeNumberOption, within } from "@trellis/testing";
import {
  collector,
  describePubSubContract,
  type RunningEngine,
  startPostgres,
} from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

let postgres: RunningEngine;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

const quiet = { error: () => {}, warn: () => {} };
const tableOf = (log: string) => log.replaceAll(/[^a-z0-9]/g, "_").slice(-40);

describePubSubContract("postgres", () => ({
  shared: true,
  async make(log, window) {
    const pubsub = postgresPubSub({ url: postgres.url, table: `t_${tableOf(log)}`, ...window });
    await pubsub.open?.({ logger: console });
    return pubsub;
  },
}));

describe("postgresPubSub", () => {
  it("refuses a table name it could not splice safely, and options that are not whole numbers", () => {
    expect(() => postgresPubSub({ url: "postgres://x", table: 'x"; drop' })).toThrow(/table/);
    for (const option of ["maxEvents", "maxAgeMs", "statementTimeoutMs", "livenessEveryMs"]) {
      const make = (value: unknown) => postgresPubSub({ url: "postgres://x", [option]: value });
      expectWholeNumberOption(make, option, "INVALID_PUBSUB_OPTION", 1);
    }
  });

  it("answers every malformed, out-of-range or foreign id with a gap, never a throw or a skip", async () => {
    const pubsub = postgresPubSub({ url: postgres.url, table: "ids" });
    await pubsub.open?.({ logger: console });
    try {
      const seen = collector();
      pubsub.subscribe("t", seen.listener);
      expect(pubsub.publish("t", JSON.stringify(1))).toBe(true);
      await within(seen.until(1), 10, "the message");
      const id = seen.received[0]?.id as string;
      const [epoch, row] = id.split("_") as [string, string];
      expect(epoch).toMatch(/^[1-9a-z][0-9a-z]*$/);
      expect(await pubsub.replay("t", id)).toEqual({ messages: [] });
      const max = "9223372036854775807";
      const malformed = ["", "garbage", "01", "-1", "1-0", `${max}0`, "9223372036854775808", "1.5"];
      malformed.push(`${epoch}_-1`, `${epoch}_01`, `${epoch}_9223372036854775808`, "0_1", "A_1");
      for (const bad of malformed) expect((await pubsub.replay("t", bad)).gap).toBe("malformed");
      // Well formed but not honourable: beyond the log, of another epoch, or bare (no epoch).
      for (const foreign of [
        max,
        row,
        `${epoch}_${max}`,
        `${epoch}x_0`,
        `18446744073709551615-18446744073709551615`,
      ]) {
        const answer = await pubsub.replay("t", foreign);
        expect(answer.messages).toEqual([]);
        expect(answer.gap).toBeDefined();
      }
      expect(await pubsub.replay("t", `${epoch}x_0`)).toEqual({ messages: [], gap: "unknown" });
      expect(await pubsub.replay("t", row)).toEqual({ messages: [], gap: "unknown" });
      expect(pubsub.compare(`${epoch}_9`, `${epoch}_10`)).toBeLessThan(0);
    } finally {
      await pubsub.close();
    }
  });

  it("answers a resume from before the table was truncated with a gap, and reads on", async () => {
    const table = `trunc_${Date.now().toString(36)}`;
    const publisher = postgresPubSub({ url: postgres.url, table });
    const reader = postgresPubSub({ url: postgres.url, table });
    await publisher.open?.({ logger: quiet });
    await reader.open?.({ logger: quiet });
    const seen = collector();
    reader.subscribe("w", seen.listener);
    for (let n = 1; n <= 3; n++) publisher.publish("w", JSON.stringify(n));
    await within(seen.until(3), 20, "W 1-3");
    const sql = new SQL(postgres.url, { max: 1 });
    try {
      for (const restart of [false, true]) {
        const before = seen.received.map((item) => item.id);
        await sql.unsafe(`TRUNCATE "${table}"${restart ? " RESTART IDENTITY" : ""}`);
        const count = seen.received.length;
        for (let n = 1; n <= 3; n++) publisher.publish("w", JSON.stringify(count + n));
        await within(seen.until(count + 3), 20, "the messages after the truncation");
        for (const old of before) {
          expect(await reader.replay("w", old)).toEqual({ messages: [], gap: "unknown" });
        }
        const first = seen.received[count]?.id as string;
        const replayed = await reader.replay("w", first);
        expect(replayed.messages.map((m) => m.payload)).toEqual([
          String(count + 2),
          String(count + 3),
        ]);
      }
      expect(seen.received.map((item) => item.payload)).toEqual([
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
      ]);
      expect(new Set(seen.received.map((item) => item.id)).size).toBe(9);
    } finally {
      await sql.close();
      await publisher.close();
      await reader.close();
    }
  });
});
