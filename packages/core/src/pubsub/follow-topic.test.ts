import { describe, expect, it } from "vitest";
import { followTopic, streamRetry } from "./follow-topic.js";
import { inProcessPubSub } from "./in-process-pubsub.js";
import type { PubSub } from "./pubsub.js";

async function take<T>(iterator: AsyncIterator<T>, count: number): Promise<T[]> {
  const items: T[] = [];
  while (items.length < count) {
    const step = await iterator.next();
    if (step.done) break;
    items.push(step.value);
  }
  return items;
}

function publishNumbers(pubsub: PubSub, topic: string, from: number, to: number): string[] {
  const ids: string[] = [];
  const stop = pubsub.subscribe(topic, (_payload, id) => ids.push(id));
  for (let n = from; n <= to; n++) pubsub.publish(topic, JSON.stringify({ n }));
  stop();
  return ids;
}

describe("followTopic", () => {
  it("replays what came after lastEventId, then goes on live, with engine ids", async () => {
    const pubsub = inProcessPubSub();
    const ids = publishNumbers(pubsub, "t", 1, 5);
    const controller = new AbortController();
    const stream = followTopic(pubsub, "t", {
      lastEventId: ids[2],
      signal: controller.signal,
    });
    expect(stream[streamRetry]).toBe(2000);
    const iterator = stream[Symbol.asyncIterator]();
    expect(await take(iterator, 2)).toEqual([
      { id: ids[3], data: { n: 4 } },
      { id: ids[4], data: { n: 5 } },
    ]);
    const next = iterator.next();
    pubsub.publish("t", JSON.stringify({ n: 6 }));
    expect((await next).value).toMatchObject({ data: { n: 6 } });
    controller.abort();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it("starts from now with a resync event when the id cannot be honoured", async () => {
    const pubsub = inProcessPubSub();
    publishNumbers(pubsub, "t", 1, 3);
    const iterator = followTopic(pubsub, "t", { lastEventId: "not-an-id" })[Symbol.asyncIterator]();
    const first = iterator.next();
    pubsub.publish("t", JSON.stringify({ n: 4 }));
    expect((await first).value).toEqual({
      event: "resync",
      data: { topic: "t", reason: "malformed" },
    });
    expect((await iterator.next()).value).toMatchObject({ data: { n: 4 } });
    await iterator.return?.();
  });

  it("reshapes messages with map and leaves the id to the engine", async () => {
    const pubsub = inProcessPubSub();
    const iterator = followTopic(pubsub, "t", {
      map: (data) => ({ event: "number", data: (data as { n: number }).n }),
    })[Symbol.asyncIterator]();
    const first = iterator.next();
    pubsub.publish("t", JSON.stringify({ n: 7 }));
    expect((await first).value).toMatchObject({ event: "number", data: 7 });
    await iterator.return?.();
  });

  it("ends a reader that falls maxQueued behind after what was queued, and unsubscribes", async () => {
    const pubsub = inProcessPubSub();
    const iterator = followTopic(pubsub, "t", { maxQueued: 3 })[Symbol.asyncIterator]();
    const first = iterator.next();
    for (let n = 1; n <= 10; n++) pubsub.publish("t", JSON.stringify({ n }));
    const rest = await take(iterator, 10);
    expect([(await first).value, ...rest].map((event) => event?.data)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    // Its listener is gone: a publish reaches nobody.
    let reached = 0;
    pubsub.subscribe("t", () => reached++);
    pubsub.publish("t", "1");
    expect(reached).toBe(1);
  });
});
