import {
  Controller,
  createApp,
  Get,
  Inject,
  type Logger,
  type PubSub,
  Route,
  Topics,
} from "@trellis/core";
import { afterEach, describe, expect, it } from "vitest";
import { jsonSchemaAdapter } from "../json-schema-adapter.js";
import { within } from "../within.js";
import type { EngineUnderTest } from "./engine-process.js";
import { collector } from "./pubsub-contract.js";

@Route("/publish")
class PublishController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Get()
  publish() {
    return { reached: this.topics.publish("faults", { at: "request" }) };
  }
}

/** The bounds of an adapter's outage queue, as the suite asks for them. */
export interface OutageQueue {
  readonly maxEvents?: number;
  readonly maxAgeMs?: number;
}

/** How the fault suite reaches an engine it may stop and start. */
export interface PubSubFaultsUnderTest {
  readonly engine: () => EngineUnderTest;
  /** A new, opened adapter on the log `log`, logging to `logger`, with these queue bounds. */
  make(log: string, logger: Logger, queue?: OutageQueue): Promise<PubSub>;
  /** A new adapter on the log `log`, not opened yet (an app opens it). */
  unopened(log: string): PubSub;
  /** How many client connections the engine has now (besides the one asking): 0 between tests. */
  connections(): Promise<number>;
}

/**
 * Resolves once `check` holds, polling; rejects naming `what` when it still does not after
 * `seconds` (a broken adapter fails in seconds, not at the suite's timeout).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what = "a condition",
  seconds = 20,
): Promise<void> {
  let waiting = true;
  const poll = async () => {
    while (waiting && !(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  try {
    await within(poll(), seconds, what);
  } finally {
    waiting = false;
  }
}

const numbersOf = (received: readonly { payload: string }[]) =>
  received.map((item) => (JSON.parse(item.payload) as { n: number }).n);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

function recordingLogger() {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  return { lines, logger: { error: record, warn: record } satisfies Logger };
}

/**
 * The engine fault suite: the engine stops and starts again in the middle of a run. Publishing
 * goes on answering, and what is published while the engine is away is held (within the outage
 * queue's bounds) and delivered in order when it is back; past the bounds each loss is refused or
 * dropped, counted and logged. Subscribers reconnect by themselves and read on from their last id
 * (nothing that reached the engine is lost, nothing comes twice), and once the adapters close the
 * engine has no connection of theirs left.
 */
export function describePubSubFaults(name: string, underTest: () => PubSubFaultsUnderTest): void {
  describe(`the PubSub contract under engine faults: ${name}`, () => {
    let paused = false;
    // A test that fails mid-outage leaves the engine as every other test expects it: running.
    afterEach(async () => {
      if (paused) underTest().engine().resume();
      paused = false;
      await underTest().engine().up();
    });

    it("sees a stalled engine at the queue's deadline, holds what is published, and delivers all of it once, in order", async () => {
      const { engine, make } = underTest();
      const log = `stall-${process.pid}-${Date.now().toString(36)}`;
      const a = recordingLogger();
      const publisher = await make(log, a.logger);
      const subscriber = await make(log, recordingLogger().logger);
      const seen = collector();
      subscriber.subscribe("stall", seen.listener);
      for (let n = 1; n <= 5; n++) publisher.publish("stall", String(n));
      await within(seen.until(5), 20, "the first 5");
      // Their batch answered too (a subscriber may read them before the publisher's answer comes).
      await eventually(() => publisher.status().queued === 0, "the first batch answered");
      // Sockets open, nothing answered: no connection event, only the 5 s send deadline tells.
      engine().pause();
      paused = true;
      const answers = [6, 7, 8, 9, 10].map((n) => publisher.publish("stall", String(n)));
      expect(answers).toEqual([true, true, true, true, true]);
      await eventually(() => !publisher.status().connected, "the publisher seeing the stall", 15);
      expect(publisher.status()).toMatchObject({ queued: 5, lostPublishes: 0 });
      expect(a.lines.some((line) => line.includes("holding them"))).toBe(true);
      engine().resume();
      paused = false;
      // The stalled send may still be carried out once the engine runs on, and the queue sends
      // its batch again on a new connection: the engine keeps one of them.
      await eventually(
        () => publisher.status().connected && publisher.status().queued === 0,
        "the held publishes stored",
        30,
      );
      // A later publish comes after anything a retry could have added twice.
      publisher.publish("stall", "11");
      await within(seen.until(11), 20, "the publish after the stall");
      expect(seen.received.map((item) => item.payload)).toEqual(range(1, 11).map(String));
      expect(new Set(seen.received.map((item) => item.id)).size).toBe(11);
      expect(publisher.status().lostPublishes).toBe(0);
      await publisher.close();
      await subscriber.close();
    });

    it("holds what is published through an outage and delivers all of it once, in order", async () => {
      const { engine, make, connections } = underTest();
      // The earlier tests closed their adapters, but an engine lets a closed connection go a
      // moment later: counted now, it would be missing from the count this test ends with.
      await eventually(
        async () => (await connections()) === 0,
        "the earlier tests' connections gone",
      );
      const log = `faults-${process.pid}-${Date.now().toString(36)}`;
      const a = recordingLogger();
      const b = recordingLogger();
      const publisher = await make(log, a.logger);
      const subscriber = await make(log, b.logger);
      const seen = collector();
      subscriber.subscribe("faults", seen.listener);
      let sent = 0;
      const publish = () => publisher.publish("faults", JSON.stringify({ n: ++sent }));

      for (let index = 0; index < 10; index++) publish();
      await within(seen.until(10), 20, "the first 10 messages");

      await engine().down();
      await eventually(
        () => !publisher.status().connected && !subscriber.status().connected,
        "both adapters seeing the engine down",
      );
      const answers = Array.from({ length: 10 }, publish);
      expect(answers).toEqual(Array.from({ length: 10 }, () => true));
      await eventually(() => publisher.status().queued === 10, "10 publishes held");
      expect(publisher.status().lostPublishes).toBe(0);
      await eventually(() => a.lines.some((line) => line.includes("holding them")), "the log line");

      await engine().up();
      await eventually(
        () => publisher.status().connected && subscriber.status().connected,
        "both adapters reconnected",
      );
      for (let index = 0; index < 10; index++) publish();
      await within(seen.until(30), 20, "all 30 messages");
      await eventually(() => publisher.status().queued === 0, "the queue emptied");
      // The 10 held, and those of the 10 after that were made before the first send.
      expect(
        a.lines.some((line) =>
          /([1-9]\d) held publishes were sent in order, 0 publishes were lost/.test(line),
        ),
      ).toBe(true);

      // Everything, once each, in order: 1-30.
      expect(numbersOf(seen.received)).toEqual(range(1, 30));
      expect(new Set(seen.received.map((item) => item.id)).size).toBe(30);
      expect(publisher.status().lostPublishes).toBe(0);
      expect(subscriber.status().reconnects).toBeGreaterThanOrEqual(1);

      await publisher.close();
      await subscriber.close();
      // Fails (naming it) when a connection of theirs is still open 20 s after close.
      await eventually(async () => (await connections()) === 0, "connections released");
    });

    it("past the queue's bounds refuses or drops a publish, counts it and logs it", async () => {
      const { engine, make } = underTest();
      const log = `bounds-${process.pid}-${Date.now().toString(36)}`;
      const a = recordingLogger();
      const full = await make(log, a.logger, { maxEvents: 5, maxAgeMs: 600_000 });
      const aging = await make(log, a.logger, { maxEvents: 100, maxAgeMs: 300 });
      const subscriber = await make(log, recordingLogger().logger);
      const seen = collector();
      subscriber.subscribe("bounds", seen.listener);

      await engine().down();
      await eventually(
        () => !full.status().connected && !aging.status().connected,
        "the engine seen down",
      );
      const answers = Array.from({ length: 8 }, (_, index) =>
        full.publish("bounds", JSON.stringify({ n: index + 1 })),
      );
      expect(answers).toEqual([true, true, true, true, true, false, false, false]);
      expect(full.status()).toMatchObject({ queued: 5, lostPublishes: 3 });
      for (let n = 101; n <= 103; n++) aging.publish("bounds", JSON.stringify({ n }));
      await eventually(() => aging.status().lostPublishes === 3, "3 publishes aged out");
      expect(aging.status().queued).toBe(0);
      expect(a.lines.filter((line) => line.includes("lost")).length).toBeGreaterThanOrEqual(2);

      await engine().up();
      // Connected first: held longer than its 300 ms while reconnecting, it would age out too.
      await eventually(() => aging.status().connected, "reconnected");
      aging.publish("bounds", JSON.stringify({ n: 104 }));
      await within(seen.until(6), 20, "the 5 held and 1 new message");
      await eventually(() => full.status().queued === 0, "the queue emptied");
      const numbers = numbersOf(seen.received);
      expect(numbers.filter((n) => n < 100)).toEqual([1, 2, 3, 4, 5]);
      expect(numbers.filter((n) => n > 100)).toEqual([104]);
      expect(full.status().lostPublishes).toBe(3);
      expect(a.lines.some((line) => line.includes("3 publishes were lost"))).toBe(true);
      for (const adapter of [full, aging, subscriber]) await adapter.close();
    });

    it("answers a publishing request during an outage, holds it and logs the outage through the app's logger", async () => {
      const { engine, unopened } = underTest();
      const logged: string[] = [];
      const app = createApp({
        schema: jsonSchemaAdapter(),
        controllers: [PublishController],
        pubsub: unopened(`app_${process.pid}_${Date.now().toString(36)}`),
        logger: { error: (message: string) => logged.push(message), warn: () => {} },
      });
      await app.ready;
      const publish = async () =>
        (await (await app.fetch(new Request("http://app.local/publish"))).json()) as {
          reached: number;
        };
      expect(await publish()).toEqual({ reached: 1 });
      await engine().down();
      await eventually(() => !app.pubsub.status().connected, "the app seeing the engine down");
      const during = await Promise.all([publish(), publish(), publish()]);
      expect(during).toEqual([{ reached: 1 }, { reached: 1 }, { reached: 1 }]);
      await eventually(() => logged.some((line) => line.includes("holding them")), "the log line");
      await engine().up();
      await eventually(
        () => app.pubsub.status().connected && app.pubsub.status().queued === 0,
        "the held publishes sent",
      );
      expect(app.pubsub.status().lostPublishes).toBe(0);
      expect(await publish()).toEqual({ reached: 1 });
      await app.close();
      expect(app.pubsub.status().connected).toBe(false);
    });

    it("delivers after a restart what reached the engine before it stopped", async () => {
      const { engine, make } = underTest();
      const log = `restart-${process.pid}-${Date.now().toString(36)}`;
      const quiet = recordingLogger();
      const publisher = await make(log, quiet.logger);
      const subscriber = await make(log, quiet.logger);
      const seen = collector();
      subscriber.subscribe("restart", seen.listener);
      for (let n = 1; n <= 5; n++) publisher.publish("restart", String(n));
      await within(seen.until(5), 20, "5 messages");
      // A subscriber that resumes after the restart from an id before it: the log kept them.
      const from = seen.received[1]?.id as string;
      await engine().restart();
      await eventually(
        () => publisher.status().connected && subscriber.status().connected,
        "both reconnected",
      );
      const replay = await subscriber.replay("restart", from);
      expect(replay.gap).toBeUndefined();
      expect(replay.messages.map((message) => message.payload)).toEqual(["3", "4", "5"]);
      publisher.publish("restart", "6");
      await within(seen.until(6), 20, "the 6th message");
      expect(seen.received.map((item) => item.payload)).toEqual(["1", "2", "3", "4", "5", "6"]);
      await publisher.close();
      await subscriber.close();
    });
  });
}
