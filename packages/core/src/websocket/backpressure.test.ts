import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "./websocket-connection.js";
import { OnDrain, OnOpen, WebSocketRoute } from "./websocket-decorators.js";

const chunk = "x".repeat(64 * 1024);
const limit = 256 * 1024;
const seen: { results: number[]; buffered: number[]; drained: number } = {
  results: [],
  buffered: [],
  drained: 0,
};
let flooded!: () => void;
const floodDone = new Promise<void>((resolve) => {
  flooded = resolve;
});
let drained!: () => void;
const drainSeen = new Promise<void>((resolve) => {
  drained = resolve;
});

@WebSocketRoute("/ws/flood")
class FloodSocket {
  @OnOpen()
  open(connection: WebSocketConnection) {
    // Send until Bun drops a message (bounded): a consumer that never reads must not make the
    // server buffer without limit.
    for (let sent = 0; sent < 5_000; sent++) {
      const result = connection.sendRaw(chunk);
      seen.results.push(result);
      seen.buffered.push(connection.bufferedAmount);
      if (result === 0) break;
    }
    flooded();
  }

  @OnDrain()
  drain() {
    seen.drained++;
    drained();
  }
}

const app = testApp([FloodSocket], { websocket: { backpressureLimit: limit } });
const server = Bun.serve({
  port: 0,
  routes: app.routes,
  fetch: app.fetch,
  websocket: app.websocket,
});
afterAll(() => server.stop(true));

/** A client that completes the handshake and then stops reading: the slow consumer. */
function slowConsumer(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port as number, "127.0.0.1", () => {
      socket.write(
        "GET /ws/flood HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    socket.once("data", () => {
      socket.pause(); // read the 101 and stop: nothing more is read from here on
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

describe("a slow consumer", () => {
  it("meets backpressure (-1), then dropped messages (0), never unbounded buffering; drain follows reading", async () => {
    const socket = await slowConsumer();
    await floodDone;
    const firstQueued = seen.results.indexOf(-1);
    expect(firstQueued).toBeGreaterThanOrEqual(0);
    expect(seen.results.at(-1)).toBe(0);
    // What Bun holds for this connection stays within the limit (plus the message that crossed it).
    expect(Math.max(...seen.buffered)).toBeLessThanOrEqual(limit + chunk.length);
    // Reading again lets the buffer drain: @OnDrain runs.
    socket.on("data", () => {});
    socket.resume();
    await drainSeen;
    expect(seen.drained).toBeGreaterThan(0);
    socket.destroy();
  });
});
