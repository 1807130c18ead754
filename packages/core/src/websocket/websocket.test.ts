import { openSocket, schema, upgradeRequest } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Header, Param, Query } from "../decorators/bindings.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { UseGuards } from "../decorators/use-guards.js";
import { Get, Post } from "../decorators/verbs.js";
// biome-ignore lint/style/useImportType: injected by its reflected type, so it must be a value import
import { WebSocketPublisher } from "../di/websocket-publisher.js";
import { ForbiddenException } from "../errors/http-exceptions.js";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "./websocket-connection.js";
import {
  OnBinary,
  OnClose,
  OnMessage,
  OnOpen,
  Sends,
  WebSocketRoute,
} from "./websocket-decorators.js";

const Say = schema(
  {
    type: "object",
    properties: { text: { type: "string", minLength: 1 } },
    required: ["text"],
    additionalProperties: false,
  },
  "Say",
);
const Said = schema(
  {
    type: "object",
    properties: { room: { type: "string" }, text: { type: "string" }, by: { type: "string" } },
    required: ["room", "text", "by"],
  },
  "Said",
);
const Room = schema({ type: "string", pattern: "^[a-z]+$" });

type ChatState = { room: string; name: string; count: number };
const closes: { code: number; room: string }[] = [];

@WebSocketRoute("/ws/rooms/:room", { maxMessageBytes: 256 })
@Security("bearerAuth")
@UseGuards(({ request }) => request.headers.get("authorization") !== "Bearer banned")
@Sends("said", Said)
@Sends("count", schema({ type: "integer" }))
class ChatSocket {
  @OnOpen()
  open(
    connection: WebSocketConnection<ChatState>,
    @Param("room", Room) room: string,
    @Query("name") name: string,
  ) {
    connection.data.room = room;
    connection.data.name = name;
    connection.data.count = 0;
    connection.subscribe(room);
    connection.emit("count", 0);
  }

  @OnMessage("say", Say)
  say(connection: WebSocketConnection<ChatState>, message: { text: string }) {
    connection.data.count++;
    const said = { room: connection.data.room, text: message.text, by: connection.data.name };
    connection.publish(connection.data.room, { type: "said", data: said });
    return { type: "count", data: connection.data.count };
  }

  @OnMessage("fail")
  fail() {
    throw new Error("secret database password in /srv/app/db.ts");
  }

  @OnMessage("forbidden")
  forbidden() {
    throw new ForbiddenException("Not in this room.");
  }

  @OnMessage("bad-output")
  badOutput(connection: WebSocketConnection) {
    connection.emit("said", { room: 1 });
  }

  @OnMessage("later")
  async later() {
    await Promise.resolve();
    return { type: "count", data: -1 };
  }

  @OnClose()
  close(connection: WebSocketConnection<ChatState>, code: number) {
    closes.push({ code, room: connection.data.room });
  }
}

@WebSocketRoute("/ws/echo")
class EchoSocket {
  @OnMessage()
  echo(_connection: WebSocketConnection, message: unknown) {
    return { echo: message };
  }

  @OnBinary()
  bytes(connection: WebSocketConnection, bytes: Uint8Array) {
    connection.send({ bytes: bytes.byteLength });
  }
}

@Route("/announcements")
class AnnouncementController extends Controller {
  constructor(private readonly publisher: WebSocketPublisher) {
    super();
  }

  @Post("/:room")
  announce(@Param("room") room: string, @Body(Say) body: { text: string }) {
    const reached = this.publisher.publish(room, {
      type: "said",
      data: { room, text: body.text, by: "system" },
    });
    return { reached };
  }

  @Get()
  list(@Header("x-probe") probe: string) {
    return { probe: probe ?? null };
  }
}

const app = testApp([ChatSocket, EchoSocket, AnnouncementController], {
  openapi: {
    service: { name: "chat", version: "1.0.0" },
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
  },
  security: {
    bearerAuth: ({ request }) =>
      request.headers.get("authorization")?.startsWith("Bearer ") === true,
  },
  validateResponse: true,
});
let server: ReturnType<typeof Bun.serve>;
let base: string;

beforeAll(() => {
  server = Bun.serve({ port: 0, routes: app.routes, fetch: app.fetch, websocket: app.websocket });
  base = `ws://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.stop(true);
});

/** Opens a chat connection with an Authorization header. */
const openAuthorized = (path: string) =>
  openSocket(`${base}${path}`, { authorization: "Bearer ok" });

describe("WebSocket routes on Bun.serve", () => {
  it("runs open, typed messages and replies with per-connection state", async () => {
    const client = await openAuthorized("/ws/rooms/lobby?name=ada");
    expect(await client.next()).toEqual({ type: "count", data: 0 });
    client.send({ type: "say", data: { text: "hi" } });
    expect(await client.next()).toEqual({ type: "count", data: 1 });
    client.send({ type: "say", data: { text: "again" } });
    expect(await client.next()).toEqual({ type: "count", data: 2 });
    client.send({ type: "later" });
    expect(await client.next()).toEqual({ type: "count", data: -1 });
    client.socket.close();
    await client.closed;
  });

  it("answers invalid messages with an error frame and keeps the connection open", async () => {
    const client = await openAuthorized("/ws/rooms/lobby?name=bob");
    await client.next();
    client.send("{not json");
    expect(await client.next()).toEqual({
      type: "error",
      data: { status: 400, title: "Bad Request", detail: "The message is not valid JSON." },
    });
    client.send({ type: "say", id: 7, data: { text: "" } });
    const invalid = await client.next();
    expect(invalid.type).toBe("error");
    expect(invalid.id).toBe(7);
    expect(invalid.data.status).toBe(400);
    expect(invalid.data.errors).toEqual([
      { in: "message", path: "/data/text", message: expect.any(String) },
    ]);
    client.send({ type: "shout", data: {} });
    const unknown = await client.next();
    expect(unknown.data.errors[0]).toMatchObject({ in: "message", path: "/type" });
    client.send('{"type":"say","data":{"text":"x","__proto__":{"admin":true}}}');
    expect((await client.next()).data.detail).toContain("__proto__");
    client.send(`{"type":"say","data":${"[".repeat(70)}${"]".repeat(70)}}`);
    expect((await client.next()).data.status).toBe(400);
    client.socket.send(new Uint8Array([1, 2, 3]));
    expect((await client.next()).data.status).toBe(415);
    // Still open: a valid message is answered.
    client.send({ type: "say", data: { text: "still here" } });
    expect(await client.next()).toEqual({ type: "count", data: 1 });
    client.socket.close();
  });

  it("sends an error frame without internals when a handler throws, and logs it", async () => {
    const client = await openAuthorized("/ws/rooms/lobby?name=eve");
    await client.next();
    client.send({ type: "fail", id: "f1" });
    const frame = await client.next();
    expect(frame).toEqual({
      type: "error",
      id: "f1",
      data: {
        status: 500,
        title: "Internal Server Error",
        detail: "The message could not be handled.",
      },
    });
    expect(JSON.stringify(frame)).not.toContain("secret");
    expect(app.logged.some((entry) => String(entry[0]).includes("ChatSocket.fail"))).toBe(true);
    client.send({ type: "forbidden" });
    expect((await client.next()).data).toMatchObject({ status: 403, detail: "Not in this room." });
    // validateResponse: an outgoing message that breaks its @Sends schema is not sent.
    client.send({ type: "bad-output" });
    expect((await client.next()).data.status).toBe(500);
    expect(app.logged.some((entry) => String(entry[0]).includes("@Sends"))).toBe(true);
    client.socket.close();
  });

  it("closes with 1009 when a message is larger than the route allows", async () => {
    const client = await openAuthorized("/ws/rooms/lobby?name=max");
    await client.next();
    client.send({ type: "say", data: { text: "x".repeat(300) } });
    expect((await client.closed).code).toBe(1009);
  });

  it("refuses upgrades with HTTP problems before upgrading (401, 403, 400, 426)", async () => {
    const http = base.replace("ws:", "http:");
    const unauthorized = await upgradeRequest(`${http}/ws/rooms/lobby?name=x`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("content-type")).toContain("application/problem+json");
    const forbidden = await upgradeRequest(`${http}/ws/rooms/lobby?name=x`, {
      authorization: "Bearer banned",
    });
    expect(forbidden.status).toBe(403);
    const invalid = await upgradeRequest(`${http}/ws/rooms/NOT-lower?name=x`, {
      authorization: "Bearer ok",
    });
    expect(invalid.status).toBe(400);
    const problem = (await invalid.json()) as { errors: { in: string }[] };
    expect(problem.errors[0]?.in).toBe("path");
    const plain = await fetch(`${http}/ws/rooms/lobby?name=x`, {
      headers: { authorization: "Bearer ok" },
    });
    expect(plain.status).toBe(426);
    // A real client sees the refusal as a failed connection, never an open socket.
    await expect(openSocket(`${base}/ws/rooms/lobby?name=x`)).rejects.toThrow();
  });

  it("publishes to subscribers from handlers and from HTTP routes", async () => {
    const ada = await openAuthorized("/ws/rooms/garden?name=ada");
    const bob = await openAuthorized("/ws/rooms/garden?name=bob");
    await ada.next();
    await bob.next();
    ada.send({ type: "say", data: { text: "hello bob" } });
    expect(await bob.next()).toEqual({
      type: "said",
      data: { room: "garden", text: "hello bob", by: "ada" },
    });
    expect(await ada.next()).toEqual({ type: "count", data: 1 });
    const response = await fetch(`${base.replace("ws:", "http:")}/announcements/garden`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "closing soon" }),
    });
    expect(await response.json()).toEqual({ reached: 1 });
    const announcement = {
      type: "said",
      data: { room: "garden", text: "closing soon", by: "system" },
    };
    expect(await ada.next()).toEqual(announcement);
    expect(await bob.next()).toEqual(announcement);
    ada.socket.close();
    bob.socket.close();
  });

  it("routes plain messages and accepts binary where declared", async () => {
    const client = await openSocket(`${base}/ws/echo`);
    client.send([1, "two"]);
    expect(await client.next()).toEqual({ echo: [1, "two"] });
    client.socket.send(new Uint8Array(5));
    expect(await client.next()).toEqual({ bytes: 5 });
    client.socket.close();
  });

  it("keeps serving HTTP routes through app.fetch alone", async () => {
    const response = await app.fetch(
      new Request("http://local/announcements", { headers: { "x-probe": "yes" } }),
    );
    expect(await response.json()).toEqual({ probe: "yes" });
    const upgrade = await app.fetch(new Request("http://local/ws/echo"));
    expect(upgrade.status).toBe(426);
  });
});
