import { Parser } from "@asyncapi/parser";
import { optional, schema } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { Controller } from "../controller/controller.js";
import { Body, Header, Param, Query } from "../decorators/bindings.js";
import { Summary } from "../decorators/docs.js";
import { Returns } from "../decorators/returns.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Post } from "../decorators/verbs.js";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "../websocket/websocket-connection.js";
import { OnMessage, OnOpen, Sends, WebSocketRoute } from "../websocket/websocket-decorators.js";

const User = schema(
  {
    type: "object",
    properties: { id: { type: "string" }, name: { type: ["string", "null"] } },
    required: ["id"],
  },
  "User",
);
const Say = schema({ type: "object", properties: { text: { type: "string" } } }, "Say");

@Route("/users")
class UserController extends Controller {
  @Post()
  @Returns(201, User)
  create(@Body(User) user: unknown) {
    return user;
  }
}

@WebSocketRoute("/ws/rooms/:room", { description: "A chat room." })
@Security("bearerAuth")
@Sends("user.created", User)
@Sends("said", Say)
@Sends("typing")
class ChatSocket {
  @OnOpen()
  open(
    _connection: WebSocketConnection,
    @Param("room", schema({ type: "string", enum: ["a", "b"] })) _room: string,
    @Query("since") _since: number,
    @Header("x-client") _client: string,
  ) {}

  @OnMessage("say", Say)
  @Summary("Say something to the room")
  say() {}

  @OnMessage("ping")
  ping() {}

  @OnMessage("leave", optional(Say))
  leave() {}
}

@WebSocketRoute("/ws/feed")
@Security("oauth", ["feed:read"])
@Sends(User)
class FeedSocket {
  @OnMessage(User)
  receive() {}
}

const app = testApp([UserController, ChatSocket, FeedSocket], {
  openapi: {
    service: { name: "chat", version: "2.0.0", description: "Rooms" },
    version: "3.1",
    servers: [{ url: "https://api.example.com/v1", description: "production" }],
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
      oauth: {
        type: "oauth2",
        flows: {
          clientCredentials: {
            tokenUrl: "https://auth.example.com/token",
            scopes: { "feed:read": "read" },
          },
        },
      },
    },
  },
  security: { bearerAuth: () => true, oauth: () => true },
});

describe("AsyncAPI document", () => {
  it("is valid AsyncAPI 3.0 for the official parser, with zero errors", {
    timeout: 120_000,
  }, async () => {
    const parser = new Parser();
    const { document, diagnostics } = await parser.parse(JSON.stringify(app.asyncapi));
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    expect(errors.map((error) => `${error.path.join(".")}: ${error.message}`)).toEqual([]);
    expect(document).toBeDefined();
    expect(document?.channels().length).toBe(2);
    // The parser is not vacuous here: a seeded mistake is an error.
    const broken = structuredClone(app.asyncapi) as any;
    broken.operations.ChatSocket_receive_say.channel = { $ref: "#/channels/Nowhere" };
    delete broken.channels.FeedSocket.messages.receive_message.payload;
    broken.channels.ChatSocket.address = "/ws/rooms/{other}";
    const seeded = await parser.parse(JSON.stringify(broken));
    expect(
      seeded.diagnostics.filter((diagnostic) => diagnostic.severity === 0).length,
    ).toBeGreaterThan(0);
  });

  it("describes channels, operations and messages from the same metadata", () => {
    const doc = app.asyncapi as any;
    const chat = doc.channels.ChatSocket;
    expect(chat.address).toBe("/ws/rooms/{room}");
    expect(chat.parameters).toEqual({ room: { enum: ["a", "b"] } });
    expect(chat.bindings.ws.query.properties.since).toEqual({ type: "number" });
    expect(chat.bindings.ws.headers.properties["x-client"]).toEqual({ type: "string" });
    expect(Object.keys(chat.messages).sort()).toEqual([
      "error",
      "receive_leave",
      "receive_ping",
      "receive_say",
      "send_said",
      "send_typing",
      "send_user.created",
    ]);
    expect(chat.messages.receive_say.payload.properties.type).toEqual({ const: "say" });
    expect(doc.operations.ChatSocket_receive_say).toMatchObject({
      action: "receive",
      summary: "Say something to the room",
      security: [{ $ref: "#/components/securitySchemes/bearerAuth" }],
    });
    expect(doc.operations["ChatSocket_send_user.created"].action).toBe("send");
    expect(doc.operations.FeedSocket_receive_message.security[0]).toMatchObject({
      type: "oauth2",
      scopes: ["feed:read"],
    });
    expect(doc.servers.default).toEqual({
      host: "api.example.com",
      protocol: "wss",
      pathname: "/v1",
      description: "production",
    });
  });

  it("requires an envelope's data only where the socket refuses a message without it", () => {
    const messages = (app.asyncapi as any).channels.ChatSocket.messages;
    const required = (id: string) => messages[id].payload.required;
    expect(required("receive_say")).toEqual(["type", "data"]);
    expect(required("send_said")).toEqual(["type", "data"]);
    // No schema: any data, or none. A schema that accepts a missing value: data may be left out.
    expect(required("receive_ping")).toEqual(["type"]);
    expect(messages.receive_ping.payload.properties).not.toHaveProperty("data");
    expect(required("send_typing")).toEqual(["type"]);
    expect(required("receive_leave")).toEqual(["type"]);
    expect(messages.receive_leave.payload.properties.data).toEqual({
      $ref: "#/components/schemas/Say",
    });
    // The socket echoes a string or number id and ignores any other: the document allows any.
    expect(messages.receive_say.payload.properties.id).not.toHaveProperty("type");
  });

  it("shares named models with the OpenAPI document", () => {
    const doc = app.asyncapi as any;
    const openapi = app.document as any;
    expect(doc.channels.FeedSocket.messages.receive_message.payload).toEqual({
      $ref: "#/components/schemas/User",
    });
    expect(doc.components.schemas.User).toEqual(openapi.components.schemas.User);
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: "httpApiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  it("is served beside the OpenAPI document when docs are on", async () => {
    const withDocs = testApp([UserController, ChatSocket], {
      docs: { swagger: { path: "/docs" } } as never,
      openapi: app.document
        ? { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } }
        : {},
      security: { bearerAuth: () => true },
    });
    const response = await withDocs.fetch(new Request("http://local/docs/asyncapi.json"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(withDocs.asyncapi)));
  });
});
