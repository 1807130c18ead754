import { describeEventMeta } from "@trellis/testing/engines";
import { inProcessPubSub } from "../pubsub/in-process-pubsub.js";
import type { PubSub } from "../pubsub/pubsub.js";

// In process, the two "instances" of a log share one adapter; each app's close leaves it open.
// The last app to open it (B) gives it its logger: B's subscribers' failures are logged there.
const logs = new Map<string, PubSub>();
describeEventMeta("in-process (one adapter shared by both apps)", () => ({
  make(log) {
    let inner = logs.get(log);
    if (inner === undefined) {
      inner = inProcessPubSub();
      logs.set(log, inner);
    }
    const shared = inner;
    return {
      open: (context) => shared.open?.(context),
      publish: (topic, payload, meta) => shared.publish(topic, payload, meta),
      subscribe: (topic, listener) => shared.subscribe(topic, listener),
      replay: (topic, after) => shared.replay(topic, after),
      compare: (a, b) => shared.compare(a, b),
      status: () => shared.status(),
      close() {},
    };
  },
}));
