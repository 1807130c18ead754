import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "./test-helpers/bounded-fetch.js";
import { notesApp } from "./test-helpers/notes-app.js";

let server: ReturnType<typeof Bun.serve>;
let endpoint: string;

const accept = "application/json, text/event-stream";
const headers = {
  "content-type": "application/json",
  accept,
  "mcp-protocol-version": "2025-11-25",
};
const call = (id: number, name: string, args: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

/** POSTs `body` to the endpoint and reads the JSON-RPC answer. */
async function post(body: string, extra: Record<string, string> = {}) {
  const response = await boundedFetch(endpoint, {
    method: "POST",
    headers: { ...headers, ...extra },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text,
    json: JSON.parse(text || "null"),
  };
}

beforeAll(() => {
  const app = notesApp({ mcp: { allowedOrigins: ["https://agent.example.com"] } });
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", routes: app.routes, fetch: app.fetch });
  endpoint = `http://127.0.0.1:${server.port}/mcp`;
});
afterAll(() => server.stop(true));

describe("bad input to the MCP endpoint", () => {
  it("is answered with the protocol's errors, never a 500 or a stack trace", async () => {
    const cases = [
      await post("{not json"),
      await post(
        JSON.stringify([
          JSON.parse(call(1, "getNote", { id: "1" })),
          JSON.parse(call(2, "getNote", { id: "2" })),
        ]),
      ),
      await post(JSON.stringify({ hello: "world" })),
      await post(call(1, "getNote"), { "content-type": "text/plain" }),
      await post(call(1, "getNote"), { accept: "application/json" }),
      await post(call(1, "getNote"), { "mcp-protocol-version": "1999-01-01" }),
      await post(
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { arguments: {} } }),
      ),
      await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method" })),
    ];
    expect(cases.map(({ status }) => status)).toEqual([400, 400, 400, 415, 406, 400, 200, 200]);
    expect(cases.map(({ json }) => json.error?.code)).toEqual([
      // JSON that is not a request object is an invalid request (JSON-RPC 2.0, section 5.1).
      -32700, -32600, -32600, -32000, -32000, -32000, -32602, -32601,
    ]);
    for (const { text } of cases) {
      expect(text).not.toMatch(/at \/|\.ts:\d|node_modules|stack/i);
    }
  });

  it("answers an unknown tool with a JSON-RPC error (invalid params)", async () => {
    const unknown = await post(call(7, "dropTables"));
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringContaining("dropTables") },
    });
  });

  // That it stops reading a body without a Content-Length early: message-bounds.test.ts.
  it("refuses a body over limits.body, by its Content-Length, with 413 through the server", async () => {
    const big = call(1, "createNote", { body: { text: "x".repeat(2 * 1024 * 1024) } });
    const answered = await post(big);
    expect(answered.status).toBe(413);
    expect(answered.json.error.code).toBe(-32000);
  });

  it("has no GET stream or DELETE session: 405 with Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await boundedFetch(endpoint, {
        method,
        headers: { accept: "text/event-stream" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("keeps no session: a call with no initialize and any session id is answered", async () => {
    const answered = await post(call(3, "listNotes"), { "mcp-session-id": "made-up" });
    expect(answered.status).toBe(200);
    expect(answered.json.result.isError).toBeUndefined();
    expect(answered.json.result.structuredContent).toHaveProperty("result");
  });

  it("turns header arguments with line breaks into a tool error", async () => {
    const answered = await post(call(4, "echo_tenant", { "x-tenant": "a\r\nx-evil: 1" }));
    expect(answered.json.result.isError).toBe(true);
    expect(JSON.parse(answered.json.result.content[0].text)).toMatchObject({ status: 400 });
  });

  it("refuses browser origins it does not know (DNS rebinding), serves localhost and allowed ones", async () => {
    const statuses = [];
    for (const origin of [
      "http://evil.example:4567",
      "null",
      "http://localhost:4567",
      "https://agent.example.com",
    ]) {
      statuses.push(
        (await post(call(5, "listNotes"), { origin, host: "evil.example:4567" })).status,
      );
    }
    expect(statuses).toEqual([403, 403, 200, 200]);
  });
});
