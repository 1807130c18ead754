import type { App } from "@trellis/core";
import { within } from "@trellis/testing";

/** The headers of an MCP POST of revision 2025-11-25. */
export const mcpHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

/** POSTs `body` to the app's `/mcp` in process and reads the status and JSON-RPC answer. */
export async function postMcp(
  app: App,
  body: RequestInit["body"],
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; json: any }> {
  const request = new Request("http://localhost/mcp", {
    method: "POST",
    headers: { ...mcpHeaders, ...headers },
    body,
    // A streamed body needs it (fetch's rule for a ReadableStream).
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const response = await within(Promise.resolve(app.fetch(request)), 10, "the MCP answer");
  const text = await within(response.text(), 10, "the MCP answer's body");
  return { status: response.status, text, json: JSON.parse(text || "null") };
}

/** One JSON-RPC request to the app's `/mcp`. */
export function rpc(app: App, id: number, method: string, params: unknown, headers = {}) {
  return postMcp(app, JSON.stringify({ jsonrpc: "2.0", id, method, params }), headers);
}

/** A `tools/call` of `name` with `args`. */
export function callTool(app: App, name: string, args: unknown, headers = {}) {
  return rpc(app, 1, "tools/call", { name, arguments: args }, headers);
}

/** The problem a tool error carries (the route's problem+json, as its text). */
export function problemOf(answer: { json: any }): any {
  return JSON.parse(answer.json.result.content[0].text);
}
