import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpHandler, McpPlugin, McpPluginContext, McpToolPlan } from "@trellis/core";
import { malformedCall } from "./check-call.js";
import { originCheck } from "./check-origin.js";
import { jsonRpcError, transportError } from "./json-rpc-error.js";
import { readMessage } from "./read-message.js";
import { toolRequest } from "./tool-request.js";
import { toolResult } from "./tool-result.js";

/**
 * The MCP endpoint of a Trellis app, on the official SDK's web-standard Streamable HTTP transport
 * in its stateless mode: no session ids, nothing kept between requests, so any instance behind a
 * load balancer answers any call. Each POST gets its own SDK server, which negotiates the protocol
 * revision (2025-11-25, the newest the SDK speaks, down to the older ones it supports), lists the
 * planned tools and runs each call as an HTTP request through the app's own `fetch`.
 */
export function mcpServer(): McpPlugin {
  return { name: "@trellis/mcp", handler: mcpHandler };
}

function mcpHandler(context: McpPluginContext): McpHandler {
  const byName = new Map<string, McpToolPlan>(context.tools.map((plan) => [plan.tool.name, plan]));
  // Made once: every tools/list answers the same list.
  const listed = { tools: context.tools.map(({ tool }) => tool) };
  const info = { name: context.server.name, version: context.server.version };
  const options = {
    capabilities: { tools: { listChanged: false } },
    ...(context.instructions === undefined ? {} : { instructions: context.instructions }),
  };

  const refuseOrigin = originCheck(context.allowedOrigins);

  const call = async (name: string, args: Record<string, unknown>, mcpRequest: Request) => {
    const plan = byName.get(name);
    if (plan === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const built = toolRequest(plan, args, mcpRequest, context);
    if ("problem" in built) {
      const problem = JSON.stringify(built.problem);
      return { isError: true, content: [{ type: "text", text: problem }] } as CallToolResult;
    }
    return await toolResult(
      await context.dispatchTool(plan, built.request, mcpRequest),
      plan,
      built.request.url,
    );
  };

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
    const server = new Server(info, options);
    server.setRequestHandler(ListToolsRequestSchema, () => listed);
    server.setRequestHandler(CallToolRequestSchema, ({ params }) =>
      call(params.name, params.arguments ?? {}, request),
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: read.message });
    } finally {
      await server.close();
    }
  };
}
