import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Inject,
  OnClose,
  OnMessage,
  OnOpen,
  Param,
  Post,
  Query,
  Returns,
  Route,
  Security,
  Sends,
  Summary,
  serve,
  type WebSocketConnection,
  WebSocketPublisher,
  WebSocketRoute,
} from "@trellis/core";
import { IsString, Length } from "class-validator";
import { documented } from "./documented.ts";

// #region models
/** What a client says. */
export class SayMessage {
  @IsString()
  @Length(1, 500)
  text!: string;
}

/** What everyone in the room receives. */
export class SaidMessage {
  @IsString()
  room!: string;

  @IsString()
  text!: string;

  @IsString()
  by!: string;
}
// #endregion

/** Who left, in order: the demo below returns it. */
export const departures: string[] = [];

// #region socket
interface ChatState {
  room: string;
  name: string;
}

@WebSocketRoute("/ws/rooms/:room")
@Security("token")
@Sends("said", SaidMessage)
export class ChatSocket {
  // Bound and validated from the upgrade request, before the connection is upgraded.
  @OnOpen()
  open(
    connection: WebSocketConnection<ChatState>,
    @Param("room") room: string,
    @Query("name") name: string,
  ) {
    connection.data.room = room;
    connection.data.name = name;
    connection.subscribe(`room:${room}`);
  }

  // Takes { "type": "say", "data": { "text": "..." } }, validated against SayMessage.
  @OnMessage("say", SayMessage)
  say(connection: WebSocketConnection<ChatState>, message: SayMessage) {
    const { room, name } = connection.data;
    const said = { type: "said", data: { room, text: message.text, by: name } };
    connection.publish(`room:${room}`, said); // everyone else in the room
    return said; // a returned value is sent back to the sender
  }

  @OnClose()
  close(connection: WebSocketConnection<ChatState>) {
    departures.push(connection.data.name);
  }
}
// #endregion

// #region http
@Route("/rooms")
@Description("Chat rooms")
export class RoomController extends Controller {
  constructor(@Inject(WebSocketPublisher) private readonly publisher: WebSocketPublisher) {
    super();
  }

  @Post("/:room/announcements")
  @Security("token") // the same check as the socket's
  @Summary("Announce in a room")
  @Description("Sends a message to everyone in the room, as the system.")
  @Returns(202, SaidMessage, "Sent to the room")
  announce(@Param("room") room: string, @Body(SayMessage) body: SayMessage) {
    const said = { room, text: body.text, by: "system" };
    this.publisher.publish(`room:${room}`, { type: "said", data: said });
    this.setStatus(202);
    return said;
  }
}
// #endregion

// #region app
export function buildApp() {
  return createApp({
    schema: classValidator(),
    controllers: [ChatSocket, RoomController],
    openapi: {
      ...documented("chat", "Chat rooms over WebSockets, with HTTP announcements."),
      // Browsers cannot send headers with a WebSocket: the token travels in the query.
      securitySchemes: { token: { type: "apiKey", in: "query", name: "token" } },
    },
    security: {
      token: ({ request }) => new URL(request.url).searchParams.get("token") === "let-me-in",
    },
    docs: { swagger: true }, // also serves /docs/asyncapi.json
  });
}
// #endregion

// #region serve
if (import.meta.main) {
  const app = buildApp();
  Bun.serve({ port: 3000, routes: app.routes, fetch: app.fetch, websocket: app.websocket });
  // Or `serve(app, { port: 3000 })`: it passes app.websocket, and closes sockets with 1001 on SIGTERM.
}
// #endregion

/** Opens a client and collects what it receives. */
function client(url: string) {
  const socket = new WebSocket(url);
  const received: unknown[] = [];
  const waiting: (() => void)[] = [];
  socket.onmessage = (event) => {
    received.push(JSON.parse(String(event.data)));
    waiting.shift()?.();
  };
  const next = async () => {
    if (received.length === 0) await new Promise<void>((resolve) => waiting.push(resolve));
    return received.shift();
  };
  const closed = new Promise<number>((resolve) => {
    socket.onclose = (event) => resolve(event.code);
  });
  const opened = new Promise<boolean>((resolve) => {
    socket.onopen = () => resolve(true);
    socket.onerror = () => resolve(false);
  });
  return { socket, next, closed, opened };
}

/** Two clients chat, an HTTP POST announces, a bad message and a refused upgrade, then a close. */
export async function demo() {
  departures.length = 0;
  const app = buildApp();
  const server = serve(app, { port: 0, hostname: "127.0.0.1", signals: false, exit: false });
  const base = `ws://127.0.0.1:${server.port}/ws/rooms/lobby?token=let-me-in`;
  const ada = client(`${base}&name=ada`);
  const bob = client(`${base}&name=bob`);
  await Promise.all([ada.opened, bob.opened]);
  ada.socket.send(JSON.stringify({ type: "say", data: { text: "hello" } }));
  const adaEcho = await ada.next();
  const bobHeard = await bob.next();
  bob.socket.send(JSON.stringify({ type: "say", id: 1, data: { text: "" } }));
  const invalid = await bob.next();
  await fetch(`http://127.0.0.1:${server.port}/rooms/lobby/announcements?token=let-me-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "closing in 5" }),
  });
  const announcement = await ada.next();
  await bob.next();
  const refused = await fetch(`http://127.0.0.1:${server.port}/ws/rooms/lobby?name=eve`, {
    headers: {
      connection: "Upgrade",
      upgrade: "websocket",
      "sec-websocket-version": "13",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    },
  });
  const asyncapi = app.asyncapi;
  await app.close({ graceMs: 2_000 });
  const codes = await Promise.all([ada.closed, bob.closed]);
  return { adaEcho, bobHeard, invalid, announcement, refused, asyncapi, codes, departures };
}
