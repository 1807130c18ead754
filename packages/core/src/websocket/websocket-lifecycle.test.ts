import { openSocket, schema, upgradeRequest } from "@trellis/testing";
import { describe, expect, it } from "vitest";
import { serve } from "../app/serve-app.js";
import { Controller } from "../controller/controller.js";
import { Body, Param } from "../decorators/bindings.js";
import { Inject } from "../decorators/inject.js";
import { Injectable } from "../decorators/injectable.js";
import { Route } from "../decorators/route.js";
import { Security } from "../decorators/security.js";
import { Get } from "../decorators/verbs.js";
import { REQUEST } from "../di/built-in-tokens.js";
import { expectConfigError } from "../test-helpers/expect-config-error.js";
import { testApp } from "../test-helpers/test-app.js";
import type { WebSocketConnection } from "./websocket-connection.js";
import { OnClose, OnMessage, OnOpen, Sends, WebSocketRoute } from "./websocket-decorators.js";

const closes: number[] = [];

@Injectable({ scope: "request" })
class Caller {
  constructor(@Inject(REQUEST) readonly request: Request) {}
  get agent() {
    return this.request.headers.get("x-agent") ?? "unknown";
  }
}

@WebSocketRoute("/ws/who")
class WhoSocket {
  constructor(private readonly caller: Caller) {}

  @OnMessage("who")
  who() {
    // The request-scoped provider made for the upgrade request lives as long as the connection.
    return { type: "me", data: this.caller.agent };
  }

  @OnClose()
  closed(_connection: WebSocketConnection, code: number) {
    closes.push(code);
  }
}

@Route("/health")
class HealthController extends Controller {
  @Get()
  health() {
    return { ok: true };
  }
}

describe("WebSocket lifecycle", () => {
  it("serve(app) passes app.websocket; app.close closes connections with 1001 and refuses new upgrades", async () => {
    const app = testApp([WhoSocket, HealthController], { providers: [Caller] });
    const server = serve(app, { port: 0, signals: false, exit: false });
    const url = `ws://127.0.0.1:${server.port}/ws/who`;
    const client = await openSocket(url, { "x-agent": "probe/1" });
    client.send({ type: "who" });
    expect(await client.next()).toEqual({ type: "me", data: "probe/1" });
    const closing = app.close({ graceMs: 5000 });
    expect(await client.closed).toMatchObject({ code: 1001 });
    await closing;
    expect(closes).toContain(1001);
    expect(app.state.status).toBe("closed");
  });

  it("answers 503 to an upgrade once the app is closing", async () => {
    const app = testApp([WhoSocket, HealthController], { providers: [Caller] });
    const server = Bun.serve({
      port: 0,
      routes: app.routes,
      fetch: app.fetch,
      websocket: app.websocket,
    });
    try {
      await app.close({ graceMs: 0 });
      const refused = await upgradeRequest(`http://127.0.0.1:${server.port}/ws/who`);
      expect(refused.status).toBe(503);
    } finally {
      await server.stop(true);
    }
  });
});

describe("the message size limit", () => {
  it("defaults to limits.body: a larger message closes the connection with 1009", async () => {
    @WebSocketRoute("/ws/small")
    class SmallSocket {
      @OnMessage()
      echo() {
        return { ok: true };
      }
    }
    const app = testApp([SmallSocket], { limits: { body: 1024 } });
    expect(app.websocket.maxPayloadLength).toBe(1024);
    const server = Bun.serve({
      port: 0,
      routes: app.routes,
      fetch: app.fetch,
      websocket: app.websocket,
    });
    try {
      const client = await openSocket(`ws://127.0.0.1:${server.port}/ws/small`);
      client.send(JSON.stringify("x".repeat(500)));
      expect(await client.next()).toEqual({ ok: true });
      client.send(JSON.stringify("x".repeat(2_000)));
      expect((await client.closed).code).toBe(1009);
    } finally {
      await server.stop(true);
    }
  });
});

describe("WebSocket startup checks", () => {
  const Text = schema({ type: "string" });

  it("refuses typed and plain messages on one route", () => {
    @WebSocketRoute("/ws/mixed")
    class Mixed {
      @OnMessage("a", Text) a() {}
      @OnMessage(Text) b() {}
    }
    expectConfigError(() => testApp([Mixed]), "INVALID_WEBSOCKET_ROUTE", "Mixed.b");
  });

  it("refuses a message type handled twice and a bound connection argument", () => {
    @WebSocketRoute("/ws/twice")
    class Twice {
      @OnMessage("a") a() {}
      @OnMessage("a") b() {}
    }
    expectConfigError(() => testApp([Twice]), "INVALID_WEBSOCKET_ROUTE", 'type "a"');
    @WebSocketRoute("/ws/bound/:id")
    class Bound {
      @OnOpen() open(@Param("id") _id: string) {}
    }
    expectConfigError(
      () => testApp([Bound]),
      "INVALID_WEBSOCKET_ROUTE",
      "Bound.open",
      "parameter 0",
    );
  });

  it("refuses HTTP verbs on a WebSocket class", () => {
    @WebSocketRoute("/ws/verbs")
    class Verbs {
      @Get("/x") x() {}
    }
    expectConfigError(() => testApp([Verbs]), "INVALID_WEBSOCKET_ROUTE", "Verbs.x", "HTTP verbs");
  });

  it("refuses a path parameter no @OnOpen binding covers, and a @Body on the upgrade", () => {
    @WebSocketRoute("/ws/rooms/:room")
    class Unbound {
      @OnMessage() m() {}
    }
    expectConfigError(() => testApp([Unbound]), "UNDECLARED_PATH_PARAM", "room");
    @WebSocketRoute("/ws/body")
    class WithBody {
      @OnOpen() open(_c: WebSocketConnection, @Body(Text) _b: string) {}
    }
    expectConfigError(() => testApp([WithBody]), "INVALID_WEBSOCKET_ROUTE", "no body");
  });

  it("refuses a WebSocket path a GET route serves, and the reserved error type", () => {
    @WebSocketRoute("/health")
    class Clash {}
    expectConfigError(() => testApp([HealthController, Clash]), "DUPLICATE_ROUTE", "Clash");
    @WebSocketRoute("/ws/reserved")
    @Sends("error", Text)
    class Reserved {}
    expectConfigError(() => testApp([Reserved]), "INVALID_WEBSOCKET_ROUTE", '"error"');
  });

  it("refuses an undeclared security scheme and one without a runtime check", () => {
    @WebSocketRoute("/ws/secure")
    @Security("key")
    class Secure {}
    expectConfigError(() => testApp([Secure]), "UNDECLARED_SECURITY_SCHEME", "Secure");
    const openapi = { securitySchemes: { key: { type: "apiKey", in: "header", name: "x-key" } } };
    expectConfigError(() => testApp([Secure], { openapi }), "UNGUARDED_SECURITY_SCHEME", "Secure");
  });
});
