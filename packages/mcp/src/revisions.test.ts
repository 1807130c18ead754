import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { workApp } from "./test-helpers/work-app.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: URL;
beforeAll(() => {
  const app = workApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  endpoint = new URL(`http://127.0.0.1:${server.port}/mcp`);
});
afterAll(() => server.stop(true));

const post = async (body: unknown, headers: Record<string, string> = {}) => {
  const response = await boundedFetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
};

describe("one endpoint, every revision, no session", () => {
  it("gives a negotiating v2 client 2026-07-28, with no initialize", async () => {
    const client = new ModernClient(
      { name: "auto", version: "1.0.0" },
      { versionNegotiation: { mode: "auto" } },
    );
    await within(
      client.connect(new ModernTransport(endpoint, { fetch: boundedFetch })),
      5,
      "connect",
    );
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, logging: {} });
    const { tools } = await within(client.listTools(), 5, "tools/list");
    expect(tools.map(({ name }) => name)).toEqual([
      "runSteps",
      "waitForever",
      "confirmWork",
      "quiet",
    ]);
    // The client sent Mcp-Method and Mcp-Name; the route's request has neither.
    const quiet = await within(client.callTool({ name: "quiet", arguments: {} }), 5, "quiet");
    expect(quiet.structuredContent).toEqual({ ok: true });
    await client.close();
  });

  it("gives the v1 client (and a v2 client in its default mode) 2025-11-25 through initialize", async () => {
    const legacy = new Client({ name: "v1", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(endpoint, { fetch: boundedFetch });
    await within(legacy.connect(transport), 5, "connect");
    expect(transport.protocolVersion).toBe("2025-11-25");
    expect(transport.sessionId).toBeUndefined();
    await legacy.close();
    const v2 = new ModernClient({ name: "v2-legacy", version: "1.0.0" });
    await within(v2.connect(new ModernTransport(endpoint, { fetch: boundedFetch })), 5, "connect");
    expect(v2.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    await v2.close();
  });

  it("negotiates the older 2025 revisions a client asks for, and answers server/discover", async () => {
    for (const version of ["2025-06-18", "2025-03-26", "2024-11-05"]) {
      const { json } = await post({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "c", version: "1" },
        },
      });
      expect(json.result?.protocolVersion, version).toBe(version);
    }
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const discover = await post(
      { jsonrpc: "2.0", id: 2, method: "server/discover", params: { _meta: meta } },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover" },
    );
    expect(discover.json.result).toMatchObject({
      supportedVersions: expect.arrayContaining(["2026-07-28"]),
      capabilities: { tools: { listChanged: false }, logging: {} },
    });
    // The server's name and version travel in the result's _meta in 2026-07-28.
    expect(JSON.stringify(discover.json.result)).toContain('{"name":"work","version":"1.0.0"}');
  });

  it("refuses a revision it does not speak, naming the ones it does", async () => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2099-01-01",
      "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const { status, json } = await post(
      { jsonrpc: "2.0", id: 3, method: "tools/list", params: { _meta: meta } },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    );
    expect(status).toBe(400);
    expect(json.error?.data?.supported).toEqual(expect.arrayContaining(["2026-07-28"]));
  });
});
