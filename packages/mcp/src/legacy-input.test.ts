import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
import {
  type App,
  Controller,
  createApp,
  inProcessPubSub,
  OperationId,
  Post,
  Req,
  Returns,
  Route,
} from "@trellis/core";
import { expectConfigError, within } from "@trellis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { askForInput } from "./input-required.js";
import { relayTopic } from "./legacy-relay.js";
import { mcpServer } from "./mcp-server.js";
import { McpTool } from "./planning/mcp-tool.js";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { legacyPeer } from "./test-helpers/legacy-peer.js";
import { work, workApp } from "./test-helpers/work-app.js";

const servers: ReturnType<typeof Bun.serve>[] = [];
afterAll(() => {
  for (const server of servers) server.stop(true);
});

/** Serves `app` on a port of its own: the URL of its endpoint. */
function serve(app: App): string {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    routes: app.routes,
    fetch: app.fetch,
  });
  servers.push(server);
  return `http://127.0.0.1:${server.port}/mcp`;
}

const accepted = { action: "accept", content: {} };

@Route("/again")
class AskingAgain extends Controller {
  @Post()
  @McpTool()
  @OperationId("askAgain")
  @Returns(200, Type.Object({ never: Type.Boolean() }), "Never: it asks whatever it is given")
  @Returns(428, "Needs an MCP client's input")
  askAgain(@Req() request: Request) {
    const requestedSchema = { type: "object" as const, properties: {} };
    const again = {
      method: "elicitation/create" as const,
      params: { message: "Again?", requestedSchema },
    };
    return askForInput(request, { inputRequests: { again } });
  }
}

describe("a route's askForInput, for a 2025-era client", () => {
  const endpoint = serve(workApp());

  it("asks on the call's stream and runs the route again with the answer (the v1 SDK client)", async () => {
    const client = new Client(
      { name: "legacy", version: "1.0.0" },
      { capabilities: { elicitation: {} } },
    );
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, ({ params }) => {
      asked.push(params.message);
      return accepted;
    });
    await within(
      client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: boundedFetch })),
      5,
      "connect",
    );
    const result = await within(
      client.callTool({ name: "confirmWork", arguments: {} }),
      5,
      "the call",
    );
    expect(asked).toEqual(["Go on?"]);
    // The state the route gave with its question came back to it with the answer.
    expect(result.structuredContent).toEqual({ confirmed: "go on" });
    await client.close();
  });

  it("ends a route that asks again and again after 8 rounds, as a tool error", async () => {
    const asking = createApp({
      schema: typebox(),
      controllers: [AskingAgain],
      openapi: { undeclaredResponses: "off" },
      plugins: [mcpServer()],
    });
    const client = new Client(
      { name: "legacy", version: "1.0.0" },
      { capabilities: { elicitation: {} } },
    );
    let asked = 0;
    client.setRequestHandler(ElicitRequestSchema, () => {
      asked += 1;
      return accepted;
    });
    await within(
      client.connect(
        new StreamableHTTPClientTransport(new URL(serve(asking)), { fetch: boundedFetch }),
      ),
      5,
      "connect",
    );
    const result = await within(
      client.callTool({ name: "askAgain", arguments: {} }),
      10,
      "the call",
    );
    expect(asked).toBe(8);
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "askAgain asked for input more than 8 times" }],
    });
    await client.close();
  });

  it("asks the same way for a prompt's input (the v1 SDK client)", async () => {
    const client = new Client(
      { name: "legacy", version: "1.0.0" },
      { capabilities: { elicitation: {} } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: "accept",
      content: { topic: "tides" },
    }));
    const transport = new StreamableHTTPClientTransport(new URL(endpoint), { fetch: boundedFetch });
    await within(client.connect(transport), 5, "connect");
    const prompt = await within(client.getPrompt({ name: "askedPrompt" }), 5, "the prompt");
    expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "Write about tides" });
    await client.close();
  });

  it("sends each request with a random id, and answers 202 to the answer", async () => {
    const peer = legacyPeer(endpoint);
    const call = await peer.call(1, "confirmWork");
    const request = await call.next("the elicitation request");
    expect(request).toMatchObject({ method: "elicitation/create", params: { message: "Go on?" } });
    expect(request.id).toMatch(/^trellis-[0-9a-f-]{36}$/);
    expect(await peer.answer(request.id, accepted)).toBe(202);
    expect((await call.next("the result")).result.structuredContent).toEqual({
      confirmed: "go on",
    });
  });

  it("ends the call as a tool error when the client answers the request with an error", async () => {
    const peer = legacyPeer(endpoint);
    const call = await peer.call(1, "confirmWork");
    const request = await call.next("the elicitation request");
    const response = await boundedFetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32601, message: "Method not found" },
      }),
    });
    expect(response.status).toBe(202);
    const { result } = await call.next("the result");
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("error -32601");
  });

  it("answers 400 to an answer no call waits for", async () => {
    expect(await legacyPeer(endpoint).answer("trellis-nobody", accepted)).toBe(400);
  });
});

describe("the calls waiting for a 2025-era client's answer", () => {
  it("fail with a JSON-RPC error once the answer's deadline passes, and leave the map", async () => {
    const endpoint = serve(workApp({ mcp: { inputAnswers: { timeoutMs: 200 } } }));
    const peer = legacyPeer(endpoint);
    const call = await peer.call(7, "confirmWork");
    const request = await call.next("the elicitation request");
    const answer = await call.next("the call's answer after the deadline");
    expect(answer).toMatchObject({ id: 7, error: { code: -32001 } });
    expect(answer.error.message).toContain("did not answer elicitation/create");
    // Gone from the map: a late answer finds nothing.
    expect(await peer.answer(request.id, accepted)).toBe(400);
  });

  it("are capped: past maxWaiting a call fails at once, and the waiting one goes on", async () => {
    const endpoint = serve(workApp({ mcp: { inputAnswers: { maxWaiting: 1 } } }));
    const peer = legacyPeer(endpoint);
    const first = await peer.call(1, "confirmWork");
    const request = await first.next("the first call's request");
    const second = await peer.call(2, "confirmWork");
    expect(await second.next("the second call's answer")).toMatchObject({
      id: 2,
      error: { code: -32000 },
    });
    expect(await peer.answer(request.id, accepted)).toBe(202);
    expect((await first.next("the first result")).result.structuredContent).toEqual({
      confirmed: "go on",
    });
  });

  it("take only their own caller's answer", async () => {
    const endpoint = serve(workApp());
    const alice = legacyPeer(endpoint, "Bearer alice");
    const call = await alice.call(1, "confirmWork");
    const request = await call.next("the elicitation request");
    // The same id from another caller (or none) reaches nothing.
    expect(await legacyPeer(endpoint, "Bearer mallory").answer(request.id, accepted)).toBe(400);
    expect(await legacyPeer(endpoint).answer(request.id, accepted)).toBe(400);
    expect(await alice.answer(request.id, accepted)).toBe(202);
    expect((await call.next("the result")).result.structuredContent).toEqual({
      confirmed: "go on",
    });
  });

  it("leave the map when the call is cancelled or its client disconnects", async () => {
    const endpoint = serve(workApp());
    const peer = legacyPeer(endpoint);
    const cancelled = await peer.call(3, "confirmWork");
    const asked = await cancelled.next("the request of the call to cancel");
    expect(await peer.cancel(3)).toBe(202);
    await expect
      .poll(() => peer.answer(asked.id, accepted), { timeout: 5_000, message: "the entry gone" })
      .toBe(400);

    const client = new AbortController();
    const dropped = await peer.call(4, "confirmWork", client.signal);
    const left = await dropped.next("the request of the call to drop");
    client.abort();
    await expect
      .poll(() => peer.answer(left.id, accepted), { timeout: 5_000, message: "the entry gone" })
      .toBe(400);
  });
});

describe("two instances", () => {
  it("without a pub/sub, an answer must reach the instance that waits for it", async () => {
    const [waits, other] = [serve(workApp()), serve(workApp())];
    const call = await legacyPeer(waits).call(1, "confirmWork");
    const request = await call.next("the elicitation request");
    expect(await legacyPeer(other).answer(request.id, accepted)).toBe(400);
    expect(await legacyPeer(waits).answer(request.id, accepted)).toBe(202);
    await call.next("the result");
  });

  it("with one pub/sub, lead the answer and the cancellation to the instance that runs the call", async () => {
    const pubsub = inProcessPubSub();
    const [waits, other] = [serve(workApp({ pubsub })), serve(workApp({ pubsub }))];
    const call = await legacyPeer(waits, "Bearer a").call(1, "confirmWork");
    const request = await call.next("the elicitation request");
    expect(await legacyPeer(other, "Bearer a").answer(request.id, accepted)).toBe(202);
    expect((await call.next("the result")).result.structuredContent).toEqual({
      confirmed: "go on",
    });

    const before = { ...work };
    // Its answer (headers included) comes only once the call ends: not awaited here.
    legacyPeer(waits, "Bearer a")
      .call(9, "waitForever")
      .catch(() => {});
    await expect
      .poll(() => work.started, { timeout: 5_000, message: "the long call running" })
      .toBe(before.started + 1);
    expect(await legacyPeer(other, "Bearer a").cancel(9)).toBe(202);
    await expect
      .poll(() => work.finished, { timeout: 5_000, message: "the handler seeing the cancel" })
      .toBe(before.finished + 1);
    expect(work.handlerAborted).toBe(before.handlerAborted + 1);
  });
});

describe("the pub/sub topic of the relay", () => {
  it("is named from the stateKey, which it does not show", () => {
    const key = "a key of thirty-two bytes or more, for the test";
    expect(relayTopic(key)).toBe(relayTopic(key));
    expect(relayTopic(key)).not.toBe(relayTopic(`${key}!`));
    expect(relayTopic(key)).toMatch(/^trellis\.mcp\.[0-9a-f]{32}$/);
  });
});

describe("mcpServer's options for 2025-era input", () => {
  it("refuse bounds that are not positive integers, and a pub/sub without a stateKey", () => {
    for (const inputAnswers of [{ timeoutMs: 0 }, { maxWaiting: 1.5 }, { timeoutMs: -1 }]) {
      expectConfigError(
        () => mcpServer({ inputAnswers }),
        "INVALID_MCP_SERVER_OPTIONS",
        "inputAnswers",
      );
    }
    expectConfigError(
      () => mcpServer({ pubsub: inProcessPubSub() }),
      "INVALID_MCP_SERVER_OPTIONS",
      "stateKey",
    );
  });
});
