import { createMcpHandler, type ListToolsResult, Server } from "@modelcontextprotocol/server";
import type { McpHandler, McpPlugin, McpPluginContext, McpToolPlan } from "@trellis/core";
import { callTool } from "./call-tool.js";
import { malformedCall } from "./check-call.js";
import { originCheck } from "./check-origin.js";
import { jsonRpcError, transportError } from "./json-rpc-error.js";
import { jsonUnlessStreamed } from "./json-unless-streamed.js";
import { cancelLegacyCall } from "./legacy-cancel.js";
import { readMessage } from "./read-message.js";

/**
 * The MCP endpoint of a Trellis app, on the official SDK's (v2) `createMcpHandler`: revision
 * 2026-07-28 (no handshake; version and capabilities in each request's `_meta`) and, on the same
 * endpoint, 2025-11-25 and the older revisions through the SDK's stateless legacy path. Nothing is
 * kept between requests, so any instance behind a load balancer answers any call. Each request gets
 * its own SDK server, which lists the planned tools and runs each call as an HTTP request through
 * the app's own `fetch`.
 */
export function mcpServer(): McpPlugin {
  return { name: "@trellis/mcp", handler: mcpHandler };
}

function mcpHandler(context: McpPluginContext): McpHandler {
  const byName = new Map<string, McpToolPlan>(context.tools.map((plan) => [plan.tool.name, plan]));
  // Made once: every tools/list answers the same list.
  const listed = { tools: context.tools.map(({ tool }) => tool) } as ListToolsResult;
  const info = {
    name: context.server.name,
    version: context.server.version,
    ...(context.server.title === undefined ? {} : { title: context.server.title }),
  };
  const options = {
    capabilities: { tools: { listChanged: false }, logging: {} },
    ...(context.instructions === undefined ? {} : { instructions: context.instructions }),
  };
  const refuseOrigin = originCheck(context.allowedOrigins);

  const served = createMcpHandler(
    ({ requestInfo, era }) => {
      const server = new Server(info, options);
      const http = requestInfo as Request;
      if (era === "legacy") {
        server.setNotificationHandler("notifications/cancelled", ({ params }) => {
          cancelLegacyCall(http, params.requestId, params.reason);
        });
      }
      server.setRequestHandler("tools/list", () => listed);
      server.setRequestHandler("tools/call", ({ params }, exchange) =>
        callTool(context, byName, {
          name: params.name,
          arguments: params.arguments ?? {},
          exchange,
          http,
          era,
        }),
      );
      return server;
    },
    { maxRequestBodySize: context.bodyLimit },
  );

  return async (request) => {
    // Stateless: no stream to resume (GET) and no session to end (DELETE).
    if (request.method !== "POST") {
      return jsonRpcError(405, transportError, "Method not allowed: this endpoint takes POST", {
        allow: "POST",
      });
    }
    const refused = refuseOrigin(request);
    if (refused !== undefined) return refused;
    const read = await readMessage(request, context.bodyLimit);
    if ("refused" in read) return read.refused;
    const malformed = malformedCall(read.message);
    if (malformed !== undefined) return malformed;
    return await jsonUnlessStreamed(await served.fetch(request, { parsedBody: read.message }));
  };
}
