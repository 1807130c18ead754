import {
  type CallToolResult,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { type InputAsked, inputAsked, rememberInput } from "./input-required.js";
import { clientCapabilities, inputRequired } from "./input-result.js";
import type { LegacyCalls } from "./legacy-cancel.js";
import { askLegacyClient, InputRefused, type LegacyExchange } from "./legacy-input.js";
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
  /** Signs and verifies the state of input-required results. */
  readonly states: RequestStateCodec;
  /**
   * Set on a 2025-era call: its way to its client (server-to-client requests on its stream) and
   * the calls a `notifications/cancelled` on another POST finds.
   */
  readonly legacy?: LegacyExchange & { readonly calls: LegacyCalls };
}

// Route re-runs a 2025-era call may take for input, as the SDK's own legacy loop allows.
const maxInputRounds = 8;

const toolError = (text: string): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text }],
});

/**
 * Runs one tool call as the HTTP request of its operation, run as that operation alone
 * (`dispatchTool`): the call's cancellation aborts that request's signal, its log lines go to the
 * client as log messages (at the level the client set), and `reportProgress` reaches the client
 * when it sent a progress token. When the route asks for input (`askForInput`), a 2026-07-28 call
 * answers the input-required result; a 2025-era one asks its client on the call's stream and runs
 * the route again with the answers, as a 2026-07-28 client's retry would, so one route serves both.
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
  const { mcpReq } = call.exchange;
  const tracked = call.legacy?.calls.track(call.legacy.caller, mcpReq.id);
  const signal =
    tracked === undefined ? mcpReq.signal : AbortSignal.any([mcpReq.signal, tracked.signal]);
  let given: InputGiven = {
    responses: mcpReq.inputResponses,
    state: mcpReq.requestState(),
    capabilities: clientCapabilities(call.exchange),
  };
  try {
    for (let round = 0; ; round += 1) {
      const ran = await runRoute(context, plan, call, signal, given);
      if ("result" in ran) return ran.result;
      if (call.legacy === undefined)
        return await inputRequired(ran.asked, call.exchange, call.states);
      // 2025-era: ask on the call's stream, then run the route again with the answers.
      if (round === maxInputRounds) {
        return toolError(`${call.name} asked for input more than ${maxInputRounds} times`);
      }
      try {
        const responses = await askLegacyClient(ran.asked, call.legacy, signal);
        given = { responses, state: ran.asked.state, capabilities: {} };
      } catch (error) {
        if (error instanceof InputRefused) return toolError(error.message);
        throw error;
      }
    }
  } finally {
    tracked?.done();
  }
}

/** What a call brings its route: the client's answers, the route's state, its capabilities. */
type InputGiven = Parameters<typeof rememberInput>[1];

/** One run of the route: its result, or what it asked of the client. */
async function runRoute(
  context: McpPluginContext,
  plan: McpToolPlan,
  call: ToolCall,
  signal: AbortSignal,
  given: InputGiven,
): Promise<{ readonly result: CallToolResult } | { readonly asked: InputAsked }> {
  const built = toolRequest(plan, call.arguments, call.http, context);
  if ("problem" in built) return { result: toolError(JSON.stringify(built.problem)) };
  const { mcpReq } = call.exchange;
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
  rememberInput(request, given);
  const response = await context.dispatchTool(plan, request, call.http, { log });
  const asked = inputAsked(request);
  if (asked !== undefined) {
    await response.body?.cancel();
    return { asked };
  }
  return { result: await toolResult(response, plan, built.request.url) };
}
