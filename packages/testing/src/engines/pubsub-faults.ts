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
import { describe, expect, it } from "vitest";
import { jsonSchemaAdapter } from "../json-schema-adapter.js";
import type { RunningEngine } from "./engine-process.js";
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

/** How the fault suite reaches an engine it may stop and start. */
export interface PubSubFaultsUnderTest {
  readonly engine: () => RunningEngine;
  /** A new, opened adapter on the log `log`, logging to `logger`. */
  make(log: string, logger: Logger): Promise<PubSub>;
  /** A new adapter on the log `log`, not opened yet (an app opens it). */
  unopened(log: string): PubSub;
  /** How many client connections the engine has now (besides the one asking). */
  connections(): Promise<number>;
}

/** Resolves once `check` holds, polling (the test's own timeout bounds the wait). */
export async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

function recordingLogger() {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  return { lines, logger: { error: record, warn: record } satisfies Logger };
}

/**
 * The engine fault suite: the engine stops and starts again in the middle of a run. Publishing
 * goes on answering (each loss logged and counted), subscribers reconnect by themselves and read
 * on from their last id (nothing that reached the engine is lost, nothing comes twice), and once
 * the adapters close the engine has no connection of theirs left.
 */
export function describePubSubFaults(name: string, underTest: () => PubSubFaultsUnderTest): void {
  describe(`the PubSub contract under engine faults: ${name}`, () => {
    it("keeps publishing through an outage, reconnects and loses only what never reached the engine", async () => {
      const { engine, make, connections } = underTest();
      const baseline = await connections();
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
      await seen.until(10);

      await engine().down();
      await eventually(() => !publisher.status().connected && !subscriber.status().connected);
      const answers = Array.from({ length: 10 }, publish);
      expect(answers.every((answer) => typeof answer === "boolean")).toBe(true);
      await eventually(() => publisher.status().lostPublishes === 10);
      expect(a.lines.some((line) => line.includes("lost"))).toBe(true);

      await engine().up();
      await eventually(() => publisher.status().connected && subscriber.status().connected);
      for (let index = 0; index < 10; index++) publish();
      await seen.until(20);
      expect(a.lines.some((line) => line.includes("10 publishes were lost"))).toBe(true);

      // Exactly what reached the engine, once each, in order: 1-10 and 21-30.
      const numbers = seen.received.map((item) => (JSON.parse(item.payload) as { n: number }).n);
      expect(numbers).toEqual([
        ...Array.from({ length: 10 }, (_, index) => index + 1),
        ...Array.from({ length: 10 }, (_, index) => index + 21),
      ]);
      expect(new Set(seen.received.map((item) => item.id)).size).toBe(20);
      expect(publisher.status().lostPublishes).toBe(10);
      expect(subscriber.status().reconnects).toBeGreaterThanOrEqual(1);

      await publisher.close();
      await subscriber.close();
      await eventually(async () => (await connections()) === baseline);
      expect(await connections()).toBe(baseline);
    });

    it("answers a publishing request during an outage and logs the loss through the app's logger", async () => {
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
      await eventually(() => !app.pubsub.status().connected);
      const during = await Promise.all([publish(), publish(), publish()]);
      expect(during.every(({ reached }) => reached === 0 || reached === 1)).toBe(true);
      // At least the three (the publish before the stop may have been cut on its way too).
      await eventually(() => app.pubsub.status().lostPublishes >= 3);
      expect(logged.some((line) => line.includes("lost"))).toBe(true);
      await engine().up();
      await eventually(() => app.pubsub.status().connected);
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
      await seen.until(5);
      // A subscriber that resumes after the restart from an id before it: the log kept them.
      const from = seen.received[1]?.id as string;
      await engine().restart();
      await eventually(() => publisher.status().connected && subscriber.status().connected);
      const replay = await subscriber.replay("restart", from);
      expect(replay.gap).toBeUndefined();
      expect(replay.messages.map((message) => message.payload)).toEqual(["3", "4", "5"]);
      publisher.publish("restart", "6");
      await seen.until(6);
      expect(seen.received.map((item) => item.payload)).toEqual(["1", "2", "3", "4", "5", "6"]);
      await publisher.close();
      await subscriber.close();
    });
  });
}
