import type { Logger } from "@trellis/core";
import { within } from "@trellis/testing";
import {
  collector,
  type EngineUnderTest,
  eventually,
  startPostgres,
} from "@trellis/testing/engines";
import { SQL } from "bun";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type PostgresPubSubOptions, postgresPubSub } from "./index.js";
import { type PartitionProxy, partitionProxy } from "./test-helpers/partition-proxy.js";

let postgres: EngineUnderTest;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(() => postgres?.stop());

let paused = false;
let proxy: PartitionProxy | undefined;
afterEach(() => {
  if (paused) postgres.resume();
  paused = false;
  proxy?.stop();
  proxy = undefined;
});

// A stall is seen within livenessEveryMs + statementTimeoutMs (1.5 s here); the waits allow seconds.
const fast = { statementTimeoutMs: 1000, livenessEveryMs: 500 };

function recording(): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  return { lines, logger: { error: record, warn: record } };
}

async function open(table: string, logger: Logger, options: PostgresPubSubOptions = {}) {
  const pubsub = postgresPubSub({ url: postgres.url, table, ...fast, ...options });
  await pubsub.open?.({ logger });
  return pubsub;
}

const payloads = (seen: ReturnType<typeof collector>) => seen.received.map((item) => item.payload);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));

describe("postgresPubSub's reading side under a stall", () => {
  it("reports a paused server down through its liveness check alone, and delivers again after it", async () => {
    const table = `stall_read_${Date.now().toString(36)}`;
    const logged = recording();
    const publisher = await open(table, recording().logger);
    // Only subscribes: no publish of its own could tell it the server stalled.
    const subscriber = await open(table, logged.logger);
    const seen = collector();
    subscriber.subscribe("t", seen.listener);
    publisher.publish("t", "1");
    await within(seen.until(1), 10, "the first message");

    postgres.pause();
    paused = true;
    await eventually(() => !subscriber.status().connected, "the subscriber seeing the stall", 10);
    expect(subscriber.status().lastError).toMatch(/no answer|liveness/);
    expect(logged.lines.some((line) => line.includes("lost the database connection"))).toBe(true);

    postgres.resume();
    paused = false;
    await eventually(() => subscriber.status().connected, "the subscriber back", 20);
    // The stalled LISTEN connection was dropped and a new one made.
    expect(subscriber.status().reconnects).toBeGreaterThanOrEqual(1);
    publisher.publish("t", "2");
    await within(seen.until(2), 20, "the message after the stall");
    expect(payloads(seen)).toEqual(["1", "2"]);
    await Promise.all([publisher.close(), subscriber.close()]);
  });

  it("delivers once and in order what was committed while its LISTEN connection was partitioned", async () => {
    const table = `partition_${Date.now().toString(36)}`;
    const port = new URL(postgres.url).port;
    proxy = await partitionProxy(Number(port));
    const listenUrl = postgres.url.replace(`:${port}/`, `:${proxy.port}/`);
    const publisher = await open(table, recording().logger);
    const subscriber = await open(table, recording().logger, { listenUrl });
    const seen = collector();
    subscriber.subscribe("t", seen.listener);
    for (let n = 1; n <= 3; n++) publisher.publish("t", String(n));
    await within(seen.until(3), 10, "the first 3");

    // The database answers everyone else; only this reader's LISTEN hears nothing.
    proxy.partition();
    for (let n = 4; n <= 8; n++) publisher.publish("t", String(n));
    await eventually(() => publisher.status().queued === 0, "4-8 committed", 10);
    await eventually(
      () => !subscriber.status().connected,
      "the subscriber seeing the partition",
      10,
    );
    expect(payloads(seen)).toEqual(range(1, 3));
    for (let n = 9; n <= 10; n++) publisher.publish("t", String(n));
    await eventually(() => publisher.status().queued === 0, "9-10 committed", 10);

    proxy.heal();
    await eventually(() => subscriber.status().connected, "the subscriber back", 20);
    publisher.publish("t", "11");
    await within(seen.until(11), 20, "all 11");
    expect(payloads(seen)).toEqual(range(1, 11));
    expect(new Set(seen.received.map((item) => item.id)).size).toBe(11);
    await Promise.all([publisher.close(), subscriber.close()]);
  });

  it("reads from its last id after its LISTEN backend is terminated, skipping and repeating nothing", async () => {
    const table = `terminated_${Date.now().toString(36)}`;
    const publisher = await open(table, recording().logger);
    const subscriber = await open(table, recording().logger);
    const seen = collector();
    subscriber.subscribe("t", seen.listener);
    publisher.publish("t", "1");
    await within(seen.until(1), 10, "the first message");
    const admin = new SQL(postgres.url, { max: 1 });
    try {
      const [row] = await admin.unsafe(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE query = $1",
        [`LISTEN "${table}"`],
      );
      expect((row as { n: number }).n).toBe(2);
      // Committed from another client while neither instance listens.
      await admin.unsafe(`INSERT INTO "${table}" (topic, payload) VALUES ('t', '2'), ('t', '3')`);
    } finally {
      await admin.close();
    }
    await eventually(() => subscriber.status().reconnects >= 1, "the LISTEN made again", 20);
    publisher.publish("t", "4");
    await within(seen.until(4), 20, "all 4");
    expect(payloads(seen)).toEqual(range(1, 4));
    expect(new Set(seen.received.map((item) => item.id)).size).toBe(4);
    await Promise.all([publisher.close(), subscriber.close()]);
  });
});
