import {
  type CallToolResult,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { inputAsked, rememberInput } from "./input-required.js";
import { clientCapabilities, inputRequired } from "./input-result.js";
import { trackLegacyCall } from "./legacy-cancel.js";
import { logData, mcpLevel } from "./log-level.js";
import type { McpPluginContext, McpToolPlan } from "./planning/mcp-plugin.js";
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
  /** Signs and verifies the state of input-required results. */
  readonly states: RequestStateCodec;
}

/**
 * Runs one tool call as the HTTP request of its operation, run as that operation alone (`dispatchTool`): the call's
 * cancellation aborts that request's signal, its log lines go to the client as log messages (at
 * the level the client set), and `reportProgress` reaches the client when it sent a progress token.
 */
export async function callTool(
  context: McpPluginContext,
  byName: ReadonlyMap<string, McpToolPlan>,
  call: ToolCall,
): Promise<CallToolResult | InputRequiredResult> {
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
  rememberInput(request, {
    responses: mcpReq.inputResponses,
    state: mcpReq.requestState(),
    capabilities: clientCapabilities(call.exchange),
  });
  try {
    const response = await context.dispatchTool(plan, request, call.http, { log });
    const asked = call.era === "modern" ? inputAsked(request) : undefined;
    if (asked !== undefined) {
      await response.body?.cancel();
      return await inputRequired(asked, call.exchange, call.states);
    }
    return await toolResult(response, plan, built.request.url);
  } finally {
    legacy?.done();
  }
}
