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
import type { LegacyCalls } from "./legacy-cancel.js";
import { askUntilAnswered, type InputRun, type LegacyExchange } from "./legacy-input.js";
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
  const given: InputGiven = {
    responses: mcpReq.inputResponses,
    state: mcpReq.requestState(),
    capabilities: clientCapabilities(call.exchange),
  };
  try {
    const first = await runRoute(context, plan, call, signal, given);
    if ("done" in first) return first.done;
    if (call.legacy === undefined)
      return await inputRequired(first.asked, call.exchange, call.states);
    // 2025-era: ask on the call's stream, then run the route again with the answers.
    const outcome = await askUntilAnswered(
      first.asked,
      call.legacy,
      signal,
      call.name,
      (responses, asked) =>
        runRoute(context, plan, call, signal, { responses, state: asked.state, capabilities: {} }),
    );
    return "done" in outcome ? outcome.done : toolError(outcome.failed);
  } finally {
    tracked?.done();
  }
}

/** What a call brings its route: the client's answers, the route's state, its capabilities. */
type InputGiven = Parameters<typeof rememberInput>[1];

/** One run of the route: its result (`done`), or what it asked of the client. */
async function runRoute(
  context: McpPluginContext,
  plan: McpToolPlan,
  call: ToolCall,
  signal: AbortSignal,
  given: InputGiven,
): Promise<InputRun<CallToolResult>> {
  const built = toolRequest(plan, call.arguments, call.http, context);
  if ("problem" in built) return { done: toolError(JSON.stringify(built.problem)) };
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
  return { done: await toolResult(response, plan, built.request.url) };
}
