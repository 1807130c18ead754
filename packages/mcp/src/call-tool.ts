import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { McpPluginContext, McpToolPlan } from "@trellis/core";
import { trackLegacyCall } from "./legacy-cancel.js";
import { logData, mcpLevel } from "./log-level.js";
import { rememberProgress } from "./progress.js";
import { toolRequest } from "./tool-request.js";
import { toolResult } from "./tool-result.js";

/** What one `tools/call` runs with: its params, its MCP exchange, the HTTP request it came in. */
export interface ToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly exchange: ServerContext;
  readonly http: Request;
  /** 2025-era calls can be cancelled by a notification on another POST. */
  readonly era: "legacy" | "modern";
}

/**
 * Runs one tool call as the HTTP request of its operation, through the app's `fetch`: the call's
 * cancellation aborts that request's signal, its log lines go to the client as log messages (at
 * the level the client set), and `reportProgress` reaches the client when it sent a progress token.
 */
export async function callTool(
  context: McpPluginContext,
  byName: ReadonlyMap<string, McpToolPlan>,
  call: ToolCall,
): Promise<CallToolResult> {
  const plan = byName.get(call.name);
  if (plan === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${call.name}`);
  }
  const built = toolRequest(plan, call.arguments, call.http, context);
  if ("problem" in built) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify(built.problem) }] };
  }
  const { mcpReq } = call.exchange;
  const legacy = call.era === "legacy" ? trackLegacyCall(call.http, mcpReq.id) : undefined;
  const signal =
    legacy === undefined ? mcpReq.signal : AbortSignal.any([mcpReq.signal, legacy.signal]);
  const request = new Request(built.request, { signal });
  const token = mcpReq._meta?.progressToken;
  if (token !== undefined) {
    rememberProgress(request, async (progress, total, message) => {
      if (signal.aborted) return;
      const params = {
        progressToken: token,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      };
      await mcpReq.notify({ method: "notifications/progress", params });
    });
  }
  const log = (level: keyof typeof mcpLevel, message: string, details: readonly unknown[]) => {
    if (signal.aborted) return;
    mcpReq.log(mcpLevel[level], logData(message, details)).catch(() => {});
  };
  try {
    const response = await context.dispatch(request, call.http, { log });
    return await toolResult(response, plan, built.request.url);
  } finally {
    legacy?.done();
  }
}
