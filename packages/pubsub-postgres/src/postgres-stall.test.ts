import { within } from "@trellis/testing";
import { collector, type EngineUnderTest, startPostgres } from "@trellis/testing/engines";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { postgresPubSub } from "./postgres-pubsub.js";

// A Postgres that stops answering with its sockets open (every process SIGSTOPped): no connection
// event says so, so only the publish queue's deadline (5 s) can. Publishing goes on answering, the
// adapter says it is down, and once the database answers again every publish arrives once, in order.
let postgres: EngineUnderTest;
let paused = false;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterEach(() => {
  if (paused) postgres.resume();
  paused = false;
});
afterAll(async () => {
  if (paused) postgres.resume();
  await postgres?.stop();
});

const poll = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("postgresPubSub on a stalled database", () => {
  it("holds the publishes, reports itself down at the queue's deadline, and delivers them all once, in order", async () => {
    const lines: string[] = [];
    const logger = { error: (line: string) => lines.push(line), warn: () => {} };
    const table = `stall_${process.pid}`;
    const publisher = postgresPubSub({ url: postgres.url, table });
    const subscriber = postgresPubSub({ url: postgres.url, table });
    await publisher.open?.({ logger });
    await subscriber.open?.({ logger: console });
    const seen = collector();
    subscriber.subscribe("t", seen.listener);
    try {
      for (let n = 1; n <= 5; n++) publisher.publish("t", String(n));
      await within(seen.until(5), 20, "the first 5");

      postgres.pause();
      paused = true;
      const answers = [6, 7, 8, 9, 10].map((n) => publisher.publish("t", String(n)));
      expect(answers).toEqual([true, true, true, true, true]);
      // The 5 s send deadline, well within the bound.
      await within(
        poll(() => !publisher.status().connected),
        15,
        "the publisher reporting the stall",
      );
      expect(publisher.status()).toMatchObject({ queued: 5, lostPublishes: 0 });
      expect(lines.some((line) => line.includes("holding them"))).toBe(true);

      postgres.resume();
      paused = false;
      await within(seen.until(10), 20, "the 5 held publishes");
      await within(
        poll(() => publisher.status().connected),
        10,
        "the publisher up again",
      );
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
        "10",
      ]);
      expect(new Set(seen.received.map((item) => item.id)).size).toBe(10);
      expect(publisher.status()).toMatchObject({ queued: 0, lostPublishes: 0 });
    } finally {
      await publisher.close();
      await subscriber.close();
    }
  });
});
