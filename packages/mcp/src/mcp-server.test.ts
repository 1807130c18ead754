import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { notesApp, seen } from "./test-helpers/notes-app.js";

let server: ReturnType<typeof Bun.serve>;
let base: string;

/** An SDK client connected to the notes app's endpoint, sending `headers` on every request. */
async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "trellis-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      fetch: boundedFetch,
      requestInit: { headers },
    }),
  );
  return client;
}

beforeAll(() => {
  const app = notesApp();
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

describe("the official SDK client", () => {
  it("initializes with the newest revision, statelessly, and lists the tools", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toEqual({ name: "notes", version: "1.2.3" });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    const { tools } = await client.listTools();
    expect(tools.map(({ name }) => name)).toEqual([
      "listNotes",
      "getNote",
      "createNote",
      "echo_tenant",
      "slowNote",
      "brokenNote",
    ]);
    const create = tools.find(({ name }) => name === "createNote");
    expect(create?.inputSchema).toMatchObject({
      type: "object",
      properties: { body: { type: "object", required: ["text"] } },
      required: ["body"],
    });
    expect(create?.outputSchema).toMatchObject({
      type: "object",
      required: ["id", "text", "tags", "by"],
    });
    expect(create?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    const list = tools.find(({ name }) => name === "listNotes");
    expect(list?.inputSchema.properties).toMatchObject({
      tag: { type: "string" },
      limit: { type: "integer" },
    });
    expect(list?.outputSchema).toMatchObject({ properties: { result: { type: "array" } } });
    expect(list?.description).toBe(
      "List notes\n\nNotes, oldest first; `tag` keeps those with the tag.",
    );
    await client.close();
  });

  it("calls tools through security, DI, validation and the interceptor, as HTTP does", async () => {
    const client = await connect({ authorization: "Bearer secret", "x-caller": "ada" });
    const before = { ...seen };
    const created = await client.callTool({
      name: "createNote",
      arguments: { body: { text: "hi", tags: ["a"] } },
    });
    expect(created.isError).toBeUndefined();
    expect(created.structuredContent).toEqual({ id: "1", text: "hi", tags: ["a"], by: "ada" });
    expect(seen.guard - before.guard).toBe(1);
    expect(seen.interceptor - before.interceptor).toBe(1);
    const listed = await client.callTool({ name: "listNotes", arguments: { tag: "a", limit: 5 } });
    expect(listed.structuredContent).toEqual({
      result: [{ id: "1", text: "hi", tags: ["a"], by: "ada" }],
    });
    const one = await client.callTool({ name: "getNote", arguments: { id: "1" } });
    expect(JSON.parse((one.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      id: "1",
    });
    const tenant = await client.callTool({
      name: "echo_tenant",
      arguments: { "x-tenant": "acme" },
    });
    expect(tenant.structuredContent).toEqual({ result: "acme" });
    await client.close();
  });

  it("answers refusals and bad arguments as tool errors carrying the route's problem", async () => {
    const anonymous = await connect();
    const refused = await anonymous.callTool({
      name: "createNote",
      arguments: { body: { text: "x" } },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      status: 401,
    });
    const client = await connect({ authorization: "Bearer secret" });
    const invalid = await client.callTool({
      name: "createNote",
      arguments: { body: { text: "" } },
    });
    expect(invalid.isError).toBe(true);
    const problem = JSON.parse((invalid.content as { text: string }[])[0]?.text ?? "");
    expect(problem).toMatchObject({ status: 400 });
    const http = await boundedFetch(`${base}/notes`, {
      method: "POST",
      headers: { authorization: "Bearer secret", "content-type": "application/json" },
      body: JSON.stringify({ text: "" }),
    });
    const { requestId: _a, ...overHttp } = (await http.json()) as Record<string, unknown>;
    const { requestId: _b, ...overMcp } = problem as Record<string, unknown>;
    expect(overMcp).toEqual(overHttp);
    const missing = await client.callTool({ name: "getNote", arguments: { id: "nope" } });
    expect(missing.isError).toBe(true);
    const unknown = await client.callTool({ name: "getNote", arguments: { id: "1", extra: 1 } });
    expect(JSON.parse((unknown.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      status: 400,
      errors: [{ in: "arguments", path: "/extra" }],
    });
    const slow = await client.callTool({ name: "slowNote", arguments: {} });
    expect(JSON.parse((slow.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      status: 503,
    });
    const broken = await client.callTool({ name: "brokenNote", arguments: {} });
    expect(JSON.parse((broken.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      status: 500,
    });
    await expect(client.callTool({ name: "noSuchTool", arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
    await client.close();
    await anonymous.close();
  });
});
