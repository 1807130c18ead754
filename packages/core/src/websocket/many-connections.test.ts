import { schema } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "./websocket-connection.js";
import { OnMessage, OnOpen, WebSocketRoute } from "./websocket-decorators.js";

const Ping = schema({
  type: "object",
  properties: { n: { type: "integer", minimum: 0 } },
  required: ["n"],
});

@WebSocketRoute("/ws/ping")
class PingSocket {
  @OnOpen()
  open(connection: WebSocketConnection<{ received: number }>) {
    connection.data.received = 0;
    connection.subscribe("all");
  }

  @OnMessage("ping", Ping)
  ping(connection: WebSocketConnection<{ received: number }>, message: { n: number }) {
    connection.data.received++;
    return { type: "pong", data: { n: message.n, received: connection.data.received } };
  }
}

const connections = 1_000;
const app = testApp([PingSocket]);
const server = Bun.serve({
  port: 0,
  routes: app.routes,
  fetch: app.fetch,
  websocket: app.websocket,
});
afterAll(() => server.stop(true));

interface Client {
  readonly socket: WebSocket;
  pending: ((value: { n: number; received: number }) => void) | undefined;
}

function open(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const client: Client = { socket, pending: undefined };
    socket.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type !== "pong") throw new Error(`unexpected frame ${event.data}`);
      client.pending?.(frame.data);
    };
    socket.onopen = () => resolve(client);
    socket.onerror = () => reject(new Error("connection failed"));
  });
}

const roundTrip = (client: Client, n: number) =>
  new Promise<{ n: number; received: number }>((resolve) => {
    client.pending = resolve;
    client.socket.send(JSON.stringify({ type: "ping", data: { n } }));
  });

const rssMiB = () => {
  Bun.gc(true);
  return process.memoryUsage().rss / (1024 * 1024);
};

describe("1,000 concurrent connections", () => {
  it("exchange messages for a bounded number of rounds without errors, with flat memory", {
    timeout: 300_000,
  }, async () => {
    const url = `ws://127.0.0.1:${server.port}/ws/ping`;
    const clients: Client[] = [];
    // Opened in batches: a burst of 1,000 handshakes at once only tests the listen backlog.
    for (let batch = 0; batch < connections; batch += 100) {
      clients.push(...(await Promise.all(Array.from({ length: 100 }, () => open(url)))));
    }
    const closedEarly: number[] = [];
    for (const client of clients) {
      client.socket.onclose = (event) => closedEarly.push(event.code);
    }
    // A fixed number of rounds on every machine (a slow one takes longer: see the timeout).
    const rounds = 30;
    let baseline = 0;
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(clients.map((client) => roundTrip(client, round)));
      for (const answer of answers) {
        expect(answer.n).toBe(round);
        expect(answer.received).toBe(round + 1);
      }
      if (round === 4) baseline = rssMiB();
    }
    const after = rssMiB();
    expect(closedEarly).toEqual([]);
    expect(app.logged).toEqual([]);
    // Generous: 1,000 connections doing 25 more rounds must not grow memory by more than 64 MiB.
    expect(after - baseline).toBeLessThan(64);
    // Pub/sub reaches every one of them.
    const published = Promise.all(
      clients.map(
        (client) =>
          new Promise<void>((resolve) => {
            client.socket.onmessage = () => resolve();
          }),
      ),
    );
    expect(app.publish("all", { type: "pong", data: { n: -1, received: 0 } })).toBe(1);
    await published;
    for (const client of clients) client.socket.close();
  });
});
