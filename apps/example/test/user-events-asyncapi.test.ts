// The AsyncAPI document of /ws/users agrees with the socket: for every message the document says
// a client may send, payloads it calls valid are taken by the socket and payloads it rejects are
// refused with an error frame; every frame the socket sends is valid by the document.
import { type RunningServer, serve } from "@trellis/core";
import { within } from "@trellis/testing";
import { Ajv, type ValidateFunction } from "ajv";
import formatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExampleApp, type ExampleApp } from "../src/app.js";

const addFormats = ((formatsModule as unknown as { default?: unknown }).default ??
  formatsModule) as (ajv: Ajv) => void;

let app: ExampleApp;
let server: RunningServer;
let document: any;
let ajv: Ajv;
beforeAll(() => {
  app = createExampleApp({ databasePath: ":memory:" });
  server = serve(app, { port: 0, hostname: "127.0.0.1", signals: false, exit: false });
  document = JSON.parse(JSON.stringify(app.asyncapi));
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "asyncapi");
});
afterAll(() => app.close());

const channel = () => document.channels.UserEventsSocket;

/** The validator of one message's payload, references resolved within the document. */
function payloadOf(messageId: string): ValidateFunction {
  return ajv.compile({ $ref: `asyncapi#/channels/UserEventsSocket/messages/${messageId}/payload` });
}

/** The messages of the channel the document lists for one action (receive: what clients send). */
function messageIds(action: "receive" | "send"): string[] {
  const prefix = "#/channels/UserEventsSocket/messages/";
  return Object.values(document.operations as Record<string, any>)
    .filter((operation) => operation.action === action)
    .flatMap((operation) => operation.messages.map((ref: { $ref: string }) => ref.$ref))
    .map((ref: string) => ref.slice(prefix.length));
}

/** Opens a connection, sends each text in order and resolves with the first frame received. */
function firstAnswer(...texts: string[]): Promise<any> {
  const socket = new WebSocket(`${server.url.href.replace("http", "ws")}ws/users`);
  return new Promise((resolve, reject) => {
    socket.onopen = () => {
      for (const text of texts) socket.send(text);
    };
    socket.onmessage = (event) => {
      resolve(JSON.parse(String(event.data)));
      socket.close();
    };
    socket.onerror = () => reject(new Error("could not connect"));
  });
}

/** Payloads around one message type: with and without data and id, and broken envelopes. */
function candidates(type: string): unknown[] {
  return [
    { type },
    { type, data: {} },
    { type, data: null },
    { type, data: "text" },
    { type, id: "m-1" },
    { type, id: 7 },
    { type, id: true },
    { type, extra: 1 },
    { data: {} },
    {},
    { type: "no.such.type" },
    { type: 1 },
    [{ type }],
    [],
    null,
    type,
    42,
  ];
}

describe("the AsyncAPI document of /ws/users and the socket", () => {
  it("documents each message a client may send, and the socket takes exactly those payloads", async () => {
    const received = messageIds("receive");
    expect(received).toEqual(["receive_ping"]);
    const outcomes: { payload: unknown; valid: boolean; accepted: boolean }[] = [];
    for (const messageId of received) {
      const valid = payloadOf(messageId);
      const type = channel().messages[messageId].payload.properties.type.const as string;
      for (const payload of candidates(type)) {
        // A ping after the payload: the first answer is an error frame only if the payload was refused.
        const answer = await firstAnswer(JSON.stringify(payload), JSON.stringify({ type: "ping" }));
        outcomes.push({ payload, valid: valid(payload), accepted: answer.type !== "error" });
      }
    }
    // Every disagreement at once: a payload the document calls valid but the socket refuses, or
    // the other way round.
    expect(outcomes.filter((outcome) => outcome.valid !== outcome.accepted)).toEqual([]);
    // Not vacuous: both sides of the line are tried, and `{ "type": "ping" }` is on the valid one.
    expect(outcomes.filter((outcome) => outcome.valid).length).toBe(8);
    expect(outcomes.filter((outcome) => !outcome.valid).length).toBe(9);
    expect(outcomes[0]).toEqual({ payload: { type: "ping" }, valid: true, accepted: true });
  });

  it("sends only frames the document describes: pong, user.created and error frames", async () => {
    const sent = messageIds("send").sort();
    expect(sent).toEqual(["error", "send_pong", "send_user.created"]);

    const pong = await firstAnswer(JSON.stringify({ type: "ping" }));
    expect(pong).toEqual({ type: "pong" });
    expect(payloadOf("send_pong")(pong)).toBe(true);

    const error = await firstAnswer(JSON.stringify({ type: "nope", id: "m-2" }));
    expect(error).toMatchObject({ type: "error", id: "m-2" });
    expect(payloadOf("error")(error)).toBe(true);

    const socket = new WebSocket(`${server.url.href.replace("http", "ws")}ws/users`);
    const frame = new Promise<any>((resolve) => {
      socket.onmessage = (event) => {
        const value = JSON.parse(String(event.data));
        if (value.type === "user.created") resolve(value);
      };
    });
    await within(
      new Promise((resolve) => {
        socket.onopen = resolve;
      }),
      20,
      "the WebSocket opening",
    );
    // The subscription is in place once a ping is answered (it is made on open).
    const answered = new Promise((resolve) => socket.addEventListener("message", resolve));
    socket.send(JSON.stringify({ type: "ping" }));
    await within(answered, 20, "the answer to the ping");
    const created = await fetch(new URL("/users", server.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@asyncapi.example" }),
    });
    expect(created.status).toBe(201);
    const event = await within(frame, 20, "the user.created event");
    socket.close();
    expect(event.data).toEqual(await created.json());
    expect(payloadOf("send_user.created")(event)).toBe(true);
  });
});
