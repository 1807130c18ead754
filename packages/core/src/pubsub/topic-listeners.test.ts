import { describe, expect, it } from "vitest";
import { TopicListeners } from "./topic-listeners.js";

// The listener table the engine adapters (Redis, Postgres) deliver through.
describe("TopicListeners", () => {
  it("delivers an adapter's message, with its id, topic and meta, to that topic's listeners only", () => {
    const listeners = new TopicListeners();
    const got: unknown[][] = [];
    listeners.add("orders", (...args) => got.push(["orders", ...args]));
    listeners.add("other", (...args) => got.push(["other", ...args]));
    const meta = { requestId: "r-1" };
    listeners.deliver("orders", '"one"', "7-0", undefined, meta);
    listeners.deliver("nobody", '"lost"', "8-0", undefined);
    expect(got).toEqual([["orders", '"one"', "7-0", "orders", meta]]);
  });

  it("removes one subscription of a function subscribed twice, once, and forgets an empty topic", () => {
    const listeners = new TopicListeners();
    const got: string[] = [];
    const listener = (payload: string) => got.push(payload);
    const first = listeners.add("t", listener);
    listeners.add("t", listener);
    first();
    first();
    listeners.deliver("t", "a", "1", undefined);
    expect(got).toEqual(["a"]);
    expect(listeners.of("t")?.ids).toBe(false);
    listeners.clear();
    expect(listeners.of("t")).toBeUndefined();
  });

  it("keeps a topic cleared (on close) empty when a subscription ends after", () => {
    const listeners = new TopicListeners();
    const unsubscribe = listeners.add("t", () => {});
    listeners.clear();
    unsubscribe();
    expect(listeners.of("t")).toBeUndefined();
  });
});
