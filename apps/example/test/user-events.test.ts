import { Parser } from "@asyncapi/parser";
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

let example: RunningExample;
beforeAll(() => {
  example = startExample();
});
afterAll(() => example.stop());

/** A client of the notification channel that collects what it receives. */
function listen(
  query = "",
): Promise<{ socket: WebSocket; next(): Promise<any>; closed: Promise<number> }> {
  const socket = new WebSocket(`${example.baseUrl.replace("http:", "ws:")}/ws/users${query}`);
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  socket.onmessage = (event) => {
    const value = JSON.parse(String(event.data));
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else queue.push(value);
  };
  const closed = new Promise<number>((resolve) => {
    socket.addEventListener("close", (event) => resolve(event.code));
  });
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift())
      : new Promise((resolve) => waiting.push(resolve));
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve({ socket, next, closed });
    socket.onerror = () => reject(new Error("could not connect"));
  });
}

describe("live notifications of new users (/ws/users)", () => {
  it("publishes every created user to every connected client", async () => {
    const first = await listen();
    const second = await listen();
    // The line is up once a ping is answered: the subscription is in place.
    first.socket.send(JSON.stringify({ type: "ping" }));
    second.socket.send(JSON.stringify({ type: "ping" }));
    expect(await first.next()).toEqual({ type: "pong" });
    expect(await second.next()).toEqual({ type: "pong" });

    const created = await example.sendJson("/users", { name: "Ada", email: "ada@example.com" });
    const user = await created.json();
    const announced = { eventId: expect.any(String), type: "user.created", data: user };
    expect(await first.next()).toEqual(announced);
    expect(await second.next()).toEqual(announced);

    const bulk = await example.sendJson("/users/bulk", {
      users: [
        { name: "Grace", email: "grace@example.com" },
        { name: "Linus", email: "linus@example.com" },
      ],
    });
    const users = (await bulk.json()) as { email: string }[];
    expect((await first.next()).data.email).toBe(users[0]?.email);
    expect((await first.next()).data.email).toBe(users[1]?.email);

    first.socket.send("not json");
    expect((await first.next()).data).toMatchObject({ status: 400 });
    first.socket.close();
    second.socket.close();
  });

  it("resumes a client that reconnects with ?lastEventId=, exactly once and in order", async () => {
    const client = await listen();
    client.socket.send(JSON.stringify({ type: "ping" }));
    expect(await client.next()).toEqual({ type: "pong" });
    await example.sendJson("/users", { name: "Edsger", email: "edsger@example.com" });
    const seen = await client.next();
    client.socket.close();
    await client.closed;
    // Missed while away.
    await example.sendJson("/users", { name: "Barbara", email: "barbara@example.com" });
    await example.sendJson("/users", { name: "Donald", email: "donald@example.com" });
    const back = await listen(`?lastEventId=${encodeURIComponent(seen.eventId)}`);
    const missed = [await back.next(), await back.next()];
    expect(missed.map((message) => message.data.name)).toEqual(["Barbara", "Donald"]);
    expect(new Set([seen.eventId, ...missed.map((message) => message.eventId)]).size).toBe(3);
    back.socket.close();

    const stale = await listen("?lastEventId=not-an-id");
    expect(await stale.next()).toEqual({
      type: "resync",
      data: { topic: "users", reason: "malformed" },
    });
    stale.socket.close();
  });

  it("documents the channel in a valid AsyncAPI 3.0 document beside the OpenAPI one", {
    timeout: 120_000,
  }, async () => {
    const document = (await (await example.request("/docs/asyncapi.json")).json()) as any;
    const { diagnostics } = await new Parser().parse(JSON.stringify(document));
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 0)).toEqual([]);
    expect(document.channels.UserEventsSocket.address).toBe("/ws/users");
    expect(
      document.channels.UserEventsSocket.messages["send_user.created"].payload.properties.data,
    ).toEqual({ $ref: "#/components/schemas/User" });
    const openapi = (await (await example.request("/docs/openapi.json")).json()) as any;
    expect(document.components.schemas.User).toBeDefined();
    expect(openapi.components.schemas.User).toBeDefined();
  });

  it("closes connections with 1001 when the server shuts down", async () => {
    const other = startExample();
    const client = await within(
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(`${other.baseUrl.replace("http:", "ws:")}/ws/users`);
        socket.onopen = () => resolve(socket);
        socket.onerror = () => reject(new Error("could not connect"));
      }),
      20,
      "the WebSocket opening",
    );
    const code = new Promise<number>((resolve) => {
      client.addEventListener("close", (event) => resolve(event.code));
    });
    await other.stop(5_000);
    expect(await within(code, 20, "the close frame on shutdown")).toBe(1001);
  });
});
