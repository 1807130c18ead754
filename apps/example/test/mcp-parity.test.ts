import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningExample, startExample } from "./support/example-server.js";

/** One step of the script: a tool call and the HTTP request it stands for, from a side's state. */
interface Step {
  readonly name: string;
  readonly tool: string;
  readonly args: (state: State) => Record<string, unknown>;
  readonly http: (state: State) => {
    path: string;
    method?: string;
    json?: unknown;
    accept?: string;
    headers?: Record<string, string>;
  };
}
type State = Record<string, string>;

const unknownId = "0b9f1c52-6c1e-4a57-9d0e-5f0f8a4c2d11";
const ada = { name: "Ada Lovelace", email: "ada@example.com" };
const team = [
  { name: "Grace Hopper", email: "grace@example.com" },
  { name: "Alan Turing", email: "alan@example.com" },
];

// Every operation of the example, valid and invalid, in an order that builds state.
const steps: readonly Step[] = [
  { name: "empty list", tool: "listUsers", args: () => ({}), http: () => ({ path: "/users" }) },
  {
    name: "create",
    tool: "createUser",
    args: () => ({ body: ada }),
    http: () => ({ path: "/users", method: "POST", json: ada }),
  },
  {
    name: "duplicate",
    tool: "createUser",
    args: () => ({ body: ada }),
    http: () => ({ path: "/users", method: "POST", json: ada }),
  },
  {
    name: "invalid create",
    tool: "createUser",
    args: () => ({ body: { name: "", email: "nope" } }),
    http: () => ({ path: "/users", method: "POST", json: { name: "", email: "nope" } }),
  },
  {
    name: "bulk create",
    tool: "createUsers",
    args: () => ({ body: { users: team } }),
    http: () => ({ path: "/users/bulk", method: "POST", json: { users: team } }),
  },
  {
    name: "empty bulk",
    tool: "createUsers",
    args: () => ({ body: { users: [] } }),
    http: () => ({ path: "/users/bulk", method: "POST", json: { users: [] } }),
  },
  {
    name: "read",
    tool: "getUser",
    args: (s) => ({ id: s.ada as string }),
    http: (s) => ({ path: `/users/${s.ada}` }),
  },
  {
    name: "read unknown",
    tool: "getUser",
    args: () => ({ id: unknownId }),
    http: () => ({ path: `/users/${unknownId}` }),
  },
  {
    name: "read v2",
    tool: "getUserV2",
    args: (s) => ({ id: s.ada as string }),
    http: (s) => ({ path: `/v2/users/${s.ada}` }),
  },
  {
    name: "read v2 unknown",
    tool: "getUserV2",
    args: () => ({ id: unknownId }),
    http: () => ({ path: `/v2/users/${unknownId}` }),
  },
  {
    name: "rename without If-Match",
    tool: "renameUser",
    args: (s) => ({ id: s.ada as string, body: { name: "Ada King" } }),
    http: (s) => ({ path: `/users/${s.ada}`, method: "PATCH", json: { name: "Ada King" } }),
  },
  {
    name: "rename with If-Match",
    tool: "renameUser",
    args: (s) => ({
      id: s.ada as string,
      "If-Match": s.etag as string,
      body: { name: "Ada King" },
    }),
    http: (s) => ({
      path: `/users/${s.ada}`,
      method: "PATCH",
      json: { name: "Ada King" },
      headers: { "if-match": s.etag as string },
    }),
  },
  {
    name: "rename with a stale If-Match",
    tool: "renameUser",
    args: (s) => ({ id: s.ada as string, "If-Match": s.etag as string, body: { name: "Ada" } }),
    http: (s) => ({
      path: `/users/${s.ada}`,
      method: "PATCH",
      json: { name: "Ada" },
      headers: { "if-match": s.etag as string },
    }),
  },
  {
    name: "rename unknown",
    tool: "renameUser",
    args: () => ({ id: unknownId, body: { name: "Nobody" } }),
    http: () => ({ path: `/users/${unknownId}`, method: "PATCH", json: { name: "Nobody" } }),
  },
  {
    name: "page",
    tool: "listUsers",
    args: () => ({ limit: 2, page: 2 }),
    http: () => ({ path: "/users?limit=2&page=2" }),
  },
  {
    name: "bad page size",
    tool: "listUsers",
    args: () => ({ limit: 0 }),
    http: () => ({ path: "/users?limit=0" }),
  },
  {
    name: "export",
    tool: "exportUsers",
    args: () => ({}),
    http: () => ({ path: "/users/export", accept: "application/json" }),
  },
  {
    name: "no avatar",
    tool: "getUserAvatar",
    args: (s) => ({ id: s.ada as string }),
    http: (s) => ({ path: `/users/${s.ada}/avatar`, accept: "image/*" }),
  },
];

/** A body with each UUID replaced by its order of appearance and the request id left out. */
function normalized(value: unknown): unknown {
  const ids = new Map<string, string>();
  const walk = (inner: unknown): unknown => {
    if (
      typeof inner === "string" &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(inner)
    ) {
      if (!ids.has(inner)) ids.set(inner, `<uuid ${ids.size + 1}>`);
      return ids.get(inner);
    }
    if (Array.isArray(inner)) return inner.map(walk);
    if (typeof inner !== "object" || inner === null) return inner;
    return Object.fromEntries(
      Object.entries(inner)
        .filter(([key]) => key !== "requestId")
        .map(([key, item]) => [key, walk(item)]),
    );
  };
  return walk(value);
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

let overHttp: RunningExample;
let overMcp: RunningExample;
let client: Client;
beforeAll(async () => {
  // Two fresh examples, one per way in: the same script leaves them in the same state.
  overHttp = startExample();
  overMcp = startExample();
  client = new Client({ name: "parity", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${overMcp.baseUrl}/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await overHttp?.stop();
  await overMcp?.stop();
});

describe("every operation of the example, over HTTP and as an MCP tool", () => {
  it("answers alike: status class, problem type and body", async () => {
    const tools = new Set((await client.listTools()).tools.map(({ name }) => name));
    const covered = new Set(steps.map(({ tool }) => tool));
    expect(
      [...tools].filter((tool) => !covered.has(tool)),
      "tools without a parity step",
    ).toEqual([]);
    const httpState: State = {};
    const mcpState: State = {};
    let compared = 0;
    for (const step of steps) {
      if (!tools.has(step.tool)) continue; // an operation this example does not have (yet)
      const request = step.http(httpState);
      const response = await overHttp.request(request.path, {
        method: request.method ?? "GET",
        headers: {
          accept: request.accept ?? "application/json",
          ...request.headers,
          ...(request.json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
      });
      const httpBody = parsed(await response.text());
      const result = await client.callTool({ name: step.tool, arguments: step.args(mcpState) });
      const content = result.content as { type: string; text?: string }[];
      const mcpBody = content.length === 0 ? "" : parsed(content[0]?.text ?? "");
      const http = { ok: response.ok, body: normalized(httpBody) };
      const mcp = { ok: result.isError !== true, body: normalized(mcpBody) };
      expect(mcp, `${step.name} (${step.tool}, HTTP ${response.status})`).toEqual(http);
      if (!response.ok) {
        expect((mcpBody as { type?: string }).type, step.name).toBe(
          (httpBody as { type?: string }).type,
        );
        expect((mcpBody as { status?: number }).status, step.name).toBe(response.status);
      }
      const expected: Record<string, number> = {
        "rename with If-Match": 200,
        "rename with a stale If-Match": 412,
      };
      if (step.name in expected) expect(response.status, step.name).toBe(expected[step.name]);
      if (step.name === "read") {
        // The ETag: a header over HTTP, a second text block of the tool result.
        httpState.etag = response.headers.get("etag") as string;
        mcpState.etag = (content[1]?.text ?? "").replace(/^ETag: /, "");
        expect(mcpState.etag).toMatch(/^(W\/)?"/);
      }
      if (step.name === "create") {
        httpState.ada = (httpBody as { id: string }).id;
        mcpState.ada = (result.structuredContent as { id: string }).id;
      }
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(16);
  });
});
