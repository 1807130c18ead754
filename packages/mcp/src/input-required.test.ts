import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { workApp } from "./test-helpers/work-app.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: string;
beforeAll(() => {
  const app = workApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  endpoint = `http://127.0.0.1:${server.port}/mcp`;
});
afterAll(() => server.stop(true));

const meta = (capabilities: object) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": capabilities,
});

/** One 2026-07-28 tools/call of confirmWork, as a client sends it, with `extra` params. */
async function call(extra: object, capabilities: object = { elicitation: {} }) {
  const response = await within(
    boundedFetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "confirmWork",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "confirmWork", arguments: {}, _meta: meta(capabilities), ...extra },
      }),
    }),
    5,
    "the call",
  );
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe("a route that asks for the client's input (2026-07-28)", () => {
  it("answers input_required with signed state, then the result when the answers come back", async () => {
    const first = await call({});
    expect(first.json.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { ok: { method: "elicitation/create" } },
    });
    const state = first.json.result.requestState as string;
    expect(state).toMatch(/^v1\./); // signed, not the route's plain JSON
    const second = await call({
      requestState: state,
      inputResponses: { ok: { action: "accept", content: {} } },
    });
    expect(second.json.result.structuredContent).toEqual({ confirmed: "go on" });
  });

  it("refuses a state the client changed, before the route runs", async () => {
    const first = await call({});
    const state = first.json.result.requestState as string;
    const [version, body, mac] = state.split(".") as [string, string, string];
    const changed = Buffer.from(
      Buffer.from(body, "base64url").toString().replace("go on", "do it"),
    ).toString("base64url");
    const tampered = await call({
      requestState: `${version}.${changed}.${mac}`,
      inputResponses: { ok: { action: "accept", content: {} } },
    });
    expect(tampered.json.error).toMatchObject({ code: -32602 });
  });

  it("answers -32021 when the client did not declare the capability the input needs", async () => {
    const refused = await call({}, {});
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: {} } },
    });
  });
});
