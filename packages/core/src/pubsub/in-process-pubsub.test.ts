import { expectWholeNumberOption } from "@trellis/testing";
import { collector, describePubSubContract } from "@trellis/testing/engines";
import { describe, expect, it } from "vitest";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { inProcessPubSub } from "./in-process-pubsub.js";
import type { PubSub } from "./pubsub.js";

// One adapter per log: "two instances" of an in-process app are one process.
const logs = new Map<string, PubSub>();
describePubSubContract("in-process", () => ({
  shared: false,
  async make(log, window) {
    let pubsub = logs.get(log);
    if (pubsub === undefined) {
      pubsub = inProcessPubSub(window);
      pubsub.open?.({ logger: console });
      logs.set(log, pubsub);
    }
    return pubsub;
  },
}));

describe("inProcessPubSub", () => {
  it("delivers synchronously, inside publish, as Bun's own pub/sub does", () => {
    const pubsub = inProcessPubSub();
    const seen = collector();
    pubsub.subscribe("now", seen.listener);
    pubsub.publish("now", "1");
    expect(seen.received).toHaveLength(1);
  });

  it("tells an id from another process (or before a restart) as unknown", () => {
    const before = inProcessPubSub();
    const after = inProcessPubSub();
    const seen = collector();
    before.subscribe("t", seen.listener);
    before.publish("t", "1");
    after.publish("t", "2");
    after.publish("t", "3");
    expect(after.replay("t", seen.received[0]?.id as string)).toEqual({
      messages: [],
      gap: "unknown",
    });
  });

  it("keeps no messages with maxEvents 0: any id before the last is expired", async () => {
    const pubsub = inProcessPubSub({ maxEvents: 0 });
    const seen = collector();
    pubsub.subscribe("t", seen.listener);
    pubsub.publish("t", "1");
    pubsub.publish("t", "2");
    expect((await pubsub.replay("t", seen.received[0]?.id as string)).gap).toBe("expired");
    expect(pubsub.replay("t", seen.received[1]?.id as string)).toEqual({ messages: [] });
  });

  it("keeps delivering when a listener throws, and logs it", () => {
    const pubsub = inProcessPubSub();
    const logged: unknown[] = [];
    pubsub.open?.({ logger: { error: (...args: unknown[]) => logged.push(args) } });
    const seen = collector();
    pubsub.subscribe("t", () => {
      throw new Error("boom");
    });
    pubsub.subscribe("t", seen.listener);
    expect(pubsub.publish("t", "1")).toBe(true);
    expect(seen.received).toHaveLength(1);
    expect(logged).toHaveLength(1);
  });

  it("refuses a window that is not a whole number", () => {
    const code = "INVALID_PUBSUB_OPTION";
    expectWholeNumberOption(
      (value) => inProcessPubSub({ maxEvents: value as number }),
      "maxEvents",
      code,
      0,
    );
    expectWholeNumberOption(
      (value) => inProcessPubSub({ maxAgeMs: value as number }),
      "maxAgeMs",
      code,
      1,
    );
    expectConfigError(
      () => inProcessPubSub(null as never),
      code,
      "inProcessPubSub: options is null: it must be an object.",
    );
  });
});
