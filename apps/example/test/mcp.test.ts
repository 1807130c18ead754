import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { within } from "@trellis/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

let example: RunningExample;
let client: Client;

beforeAll(async () => {
  example = startExample();
  client = new Client({ name: "example-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${example.baseUrl}/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await example.stop();
});

const text = (result: unknown): string =>
  (result as { content: { text?: string }[] }).content[0]?.text ?? "";

describe("the example's MCP endpoint, through the official SDK client", () => {
  it("introduces itself as the users API and lists its operations as tools", async () => {
    expect(client.getServerVersion()).toEqual({ name: "users", version: "1.0.0" });
    expect(client.getInstructions()).toContain("createUser");
    const { tools } = await client.listTools();
    const names = tools.map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        "listUsers",
        "getUser",
        "createUser",
        "createUsers",
        "exportUsers",
        "getUserAvatar",
      ]),
    );
    // Uploads, event streams and hidden routes are not tools.
    expect(names).not.toContain("setUserAvatar");
    expect(names).not.toContain("followUsers");
  });

  it("creates, reads and lists users", async () => {
    const created = await client.callTool({
      name: "createUser",
      arguments: { body: { name: "Ada", email: "ada@example.com" } },
    });
    expect(created.isError).toBeUndefined();
    const ada = created.structuredContent as { id: string; name: string };
    expect(ada).toMatchObject({ name: "Ada", email: "ada@example.com" });
    const read = await client.callTool({ name: "getUser", arguments: { id: ada.id } });
    expect(read.structuredContent).toEqual(ada);
    const listed = await client.callTool({ name: "listUsers", arguments: { limit: 10 } });
    expect(listed.structuredContent).toEqual({ result: [ada] });
    const csv = await client.callTool({ name: "exportUsers", arguments: {} });
    expect(csv.isError).toBeUndefined();
    const invalid = await client.callTool({
      name: "createUser",
      arguments: { body: { name: "", email: "nope" } },
    });
    expect(invalid.isError).toBe(true);
    expect(JSON.parse(text(invalid))).toMatchObject({ status: 400 });
    const noAvatar = await client.callTool({ name: "getUserAvatar", arguments: { id: ada.id } });
    expect(noAvatar.isError).toBe(true);
    expect(JSON.parse(text(noAvatar))).toMatchObject({ status: 404 });
  });

  it("serves the tool list beside the API docs", async () => {
    const response = await example.request("/docs/mcp.json");
    expect(response.status).toBe(200);
    const listed = (await response.json()) as { endpoint: string; tools: { name: string }[] };
    expect(listed.endpoint).toBe("/mcp");
    expect(listed.tools.map(({ name }) => name)).toEqual(
      (await client.listTools()).tools.map(({ name }) => name),
    );
  });
});

describe("the example's MCP endpoint, through the v2 SDK client", () => {
  for (const mode of [{ pin: "2026-07-28" } as const, "auto" as const]) {
    it(`speaks 2026-07-28 without a handshake (versionNegotiation ${JSON.stringify(mode)})`, async () => {
      const modern = new ModernClient(
        { name: "example-test-v2", version: "1.0.0" },
        { versionNegotiation: { mode } },
      );
      const transport = new ModernTransport(new URL(`${example.baseUrl}/mcp`));
      await within(modern.connect(transport), 5, "the v2 connect");
      expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      expect(modern.getServerVersion()).toMatchObject({ name: "users", version: "1.0.0" });
      const { tools } = await within(modern.listTools(), 5, "tools/list");
      expect(tools.map(({ name }) => name)).toEqual(
        (await client.listTools()).tools.map(({ name }) => name),
      );
      const email = `grace-${typeof mode === "string" ? mode : mode.pin}@example.com`;
      const created = await within(
        modern.callTool({ name: "createUser", arguments: { body: { name: "Grace", email } } }),
        5,
        "createUser",
      );
      const grace = created.structuredContent as { id: string };
      const read = await within(
        modern.callTool({ name: "getUser", arguments: { id: grace.id } }),
        5,
        "getUser",
      );
      expect(read.structuredContent).toMatchObject({ name: "Grace", email });
      await modern.close();
    });
  }
});
