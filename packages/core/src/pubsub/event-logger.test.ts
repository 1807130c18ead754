import { describe, expect, it } from "vitest";
import { eventLogger } from "./event-logger.js";
import { inProcessPubSub } from "./in-process-pubsub.js";

describe("eventLogger", () => {
  it("binds the publishing request's id and trace context to a subscriber's lines", () => {
    const lines: unknown[][] = [];
    const logger = { error: () => {}, info: (...args: unknown[]) => lines.push(args) };
    const pubsub = inProcessPubSub();
    pubsub.subscribe("t", (_payload, id, _topic, meta) => {
      eventLogger(logger, meta).info?.("handled", { id });
    });
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    pubsub.publish("t", "1", { requestId: "req-1", traceparent });
    pubsub.publish("t", "2");
    expect(lines).toEqual([
      ["handled", { id: expect.any(String) }, { publishedBy: "req-1", traceparent }],
      ["handled", { id: expect.any(String) }],
    ]);
    pubsub.close();
  });
});
