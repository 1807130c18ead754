import type { McpPluginContext } from "./planning/mcp-plugin.js";

// What belongs to the MCP exchange itself, not to the operation a tool call or a read stands for.
const exchangeOnly = new Set([
  "accept",
  "accept-encoding",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "expect",
  "keep-alive",
  "last-event-id",
  "mcp-method",
  "mcp-name",
  "mcp-protocol-version",
  "mcp-session-id",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/**
 * The MCP request's headers that a route's request carries (Authorization, cookies, the caller's
 * own), so the route's security and logs see the caller, with the request id carried on.
 */
export function forwardedHeaders(
  http: Request,
  context: Pick<McpPluginContext, "requestId" | "requestIdHeader">,
): Headers {
  const headers = new Headers();
  http.headers.forEach((value, name) => {
    if (!exchangeOnly.has(name)) headers.set(name, value);
  });
  const id = context.requestIdHeader && context.requestId(http);
  if (context.requestIdHeader && id) headers.set(context.requestIdHeader, id);
  return headers;
}
