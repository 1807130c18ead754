import {
  type App,
  Controller,
  createApp,
  Header,
  Inject,
  OnOpen,
  type PubSub,
  Route,
  Sse,
  Topics,
  type WebSocketConnection,
  WebSocketRoute,
} from "@trellis/core";
import { describe, expect, it } from "vitest";
import { jsonSchemaAdapter } from "../json-schema-adapter.js";
import { openEventStream, openWebSocket, type ReceivedEvent } from "./event-clients.js";

/** How the scale-out suite makes the adapter of one instance; instances of one `log` share it. */
export interface ScaleOutUnderTest {
  make(log: string): PubSub | Promise<PubSub>;
}

const topic = "feed";

@Route("/feed")
class FeedController extends Controller {
  constructor(@Inject(Topics) private readonly topics: Topics) {
    super();
  }

  @Sse("/events")
  follow(@Header("last-event-id") lastEventId?: string) {
    return this.topics.follow(topic, { lastEventId, signal: this.signal, retry: 500 });
  }
}

@WebSocketRoute("/ws/live")
class LiveSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.subscribe(topic);
  }
}

@WebSocketRoute("/ws/follow")
class FollowSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    connection.follow(topic);
  }
}

interface Instance {
  readonly app: App;
  readonly http: string;
  readonly ws: string;
  readonly logged: unknown[][];
  stop(): Promise<void>;
}

async function instance(pubsub: PubSub): Promise<Instance> {
  const logged: unknown[][] = [];
  const app = createApp({
    schema: jsonSchemaAdapter(),
    controllers: [FeedController, LiveSocket, FollowSocket],
    pubsub,
    logger: { error: (...args: unknown[]) => logged.push(args), warn: () => {} },
  });
  await app.ready;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    routes: app.routes,
    fetch: app.fetch,
    websocket: app.websocket,
  });
  return {
    app,
    http: `http://127.0.0.1:${server.port}`,
    ws: `ws://127.0.0.1:${server.port}`,
    logged,
    async stop() {
      await app.close({ graceMs: 0 });
      await server.stop(true);
    },
  };
}

const numberOf = (data: string): number => (JSON.parse(data) as { n: number }).n;
const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Publishes `{ n: 0 }` until `ready()` holds: every client below is subscribed by then. */
async function warmUp(app: App, ready: () => boolean): Promise<void> {
  while (!ready()) {
    app.publish(topic, { n: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two app instances on one engine (each with its own adapter): what one publishes reaches the
 * WebSocket and Server-Sent Events clients of the other, and a client whose instance closes in the
 * middle of a run resumes on the other one with its last event id, missing nothing and receiving
 * nothing twice (checked by sequence number).
 */
export function describeScaleOut(name: string, underTest: () => ScaleOutUnderTest): void {
  describe(`scale-out across two app instances: ${name}`, () => {
    let logs = 0;
    const pair = async () => {
      const log = `scale-${process.pid}-${Date.now().toString(36)}-${++logs}`;
      const a = await instance(await underTest().make(log));
      const b = await instance(await underTest().make(log));
      return { a, b };
    };

    it("delivers what instance A publishes to WebSocket and SSE clients of instance B", async () => {
      const { a, b } = await pair();
      try {
        const live = await openWebSocket(`${b.ws}/ws/live`);
        const followed = await openWebSocket(`${b.ws}/ws/follow`);
        const stream = await openEventStream(`${b.http}/feed/events`);
        expect(stream.response.status).toBe(200);
        expect(await stream.next()).toEqual({ data: "", retry: 500 });
        const got = { live: [] as number[], followed: [] as number[], sse: [] as number[] };
        const ids: string[] = [];
        const reading = [
          (async () => {
            while (got.live.at(-1) !== 20) got.live.push(((await live.next()) as { n: number }).n);
          })(),
          (async () => {
            while (got.followed.at(-1) !== 20) {
              const message = (await followed.next()) as { n: number; eventId: string };
              expect(typeof message.eventId).toBe("string");
              got.followed.push(message.n);
            }
          })(),
          (async () => {
            while (got.sse.at(-1) !== 20) {
              const event = (await stream.next()) as ReceivedEvent;
              got.sse.push(numberOf(event.data));
              ids.push(event.id as string);
            }
          })(),
        ];
        await warmUp(a.app, () => Object.values(got).every((list) => list.length > 0));
        for (const n of upTo(20)) a.app.publish(topic, { n });
        await Promise.all(reading);
        for (const list of Object.values(got)) {
          expect(list.filter((n) => n !== 0)).toEqual(upTo(20));
        }
        expect(new Set(ids).size).toBe(ids.length);
        live.socket.close();
        followed.socket.close();
        stream.close();
        expect(a.logged).toEqual([]);
        expect(b.logged).toEqual([]);
      } finally {
        await a.stop();
        await b.stop();
      }
    });

    it("resumes an SSE client on B after A closes mid-run: 0 lost, 0 duplicated", async () => {
      const { a, b } = await pair();
      try {
        const received: number[] = [];
        let lastId: string | undefined;
        const first = await openEventStream(`${a.http}/feed/events`);
        await first.next(); // retry
        const reading = (async () => {
          for (let event = await first.next(); event !== undefined; event = await first.next()) {
            const n = numberOf(event.data);
            lastId = event.id;
            if (n !== 0) received.push(n);
          }
        })();
        await warmUp(a.app, () => lastId !== undefined);
        for (const n of upTo(10)) a.app.publish(topic, { n });
        // In the log before B's (across instances, the engine orders what is published at once).
        while (received.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
        // B keeps publishing while A closes under the client.
        const publishing = (async () => {
          for (let n = 11; n <= 40; n++) {
            b.app.publish(topic, { n });
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
        })();
        while (received.length < 15) await new Promise((resolve) => setTimeout(resolve, 5));
        await a.stop();
        await reading;
        const second = await openEventStream(`${b.http}/feed/events`, lastId);
        expect(second.response.status).toBe(200);
        await second.next(); // retry
        while (received.at(-1) !== 40) {
          const event = (await second.next()) as ReceivedEvent;
          expect(event.event).toBeUndefined();
          received.push(numberOf(event.data));
        }
        await publishing;
        second.close();
        expect(received).toEqual(upTo(40));
      } finally {
        await a.stop();
        await b.stop();
      }
    });

    it("resumes a WebSocket client on B with ?lastEventId= after A closes: 0 lost, 0 duplicated", async () => {
      const { a, b } = await pair();
      try {
        const received: number[] = [];
        let lastId = "";
        const first = await openWebSocket(`${a.ws}/ws/follow`);
        const reading = (async () => {
          for (
            let message = await first.next();
            message !== undefined;
            message = await first.next()
          ) {
            const { n, eventId } = message as { n: number; eventId: string };
            if (n !== 0) received.push(n);
            lastId = eventId;
          }
        })();
        await warmUp(a.app, () => lastId !== "");
        for (const n of upTo(10)) a.app.publish(topic, { n });
        while (received.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
        const publishing = (async () => {
          for (let n = 11; n <= 40; n++) {
            b.app.publish(topic, { n });
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
        })();
        while (received.length < 15) await new Promise((resolve) => setTimeout(resolve, 5));
        await a.stop();
        expect(await first.closed).toBe(1001);
        await reading;
        const second = await openWebSocket(
          `${b.ws}/ws/follow?lastEventId=${encodeURIComponent(lastId)}`,
        );
        while (received.at(-1) !== 40) {
          const message = (await second.next()) as { n: number; type?: string };
          expect(message.type).toBeUndefined();
          received.push(message.n);
        }
        await publishing;
        second.socket.close();
        expect(received).toEqual(upTo(40));
      } finally {
        await a.stop();
        await b.stop();
      }
    });

    it("answers a malformed Last-Event-ID with a resync event and goes on from now, never a 500", async () => {
      const { a, b } = await pair();
      try {
        const stream = await openEventStream(`${b.http}/feed/events`, "not-an-id");
        expect(stream.response.status).toBe(200);
        expect(await stream.next()).toEqual({ data: "", retry: 500 });
        const resync = (await stream.next()) as ReceivedEvent;
        expect(resync.event).toBe("resync");
        expect(JSON.parse(resync.data)).toEqual({ topic, reason: "malformed" });
        let next: ReceivedEvent | undefined;
        const reading = (async () => {
          next = await stream.next();
        })();
        await warmUp(a.app, () => next !== undefined);
        await reading;
        expect(numberOf((next as ReceivedEvent).data)).toBe(0);
        stream.close();
        const socket = await openWebSocket(`${b.ws}/ws/follow?lastEventId=%00%FF`);
        expect(await socket.next()).toEqual({
          type: "resync",
          data: { topic, reason: "malformed" },
        });
        socket.socket.close();
      } finally {
        await a.stop();
        await b.stop();
      }
    });
  });
}
