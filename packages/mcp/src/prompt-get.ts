import {
  type GetPromptResult,
  type InputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { InputAsked } from "./input-required.js";
import { clientCapabilities, inputRequired } from "./input-result.js";
import { askUntilAnswered, type InputRun, type LegacyExchange } from "./legacy-input.js";
import type { McpPromptInput, PromptCatalog } from "./mcp-prompts.js";

/**
 * Answers `prompts/get`. A prompt that asks for input (`{ askForInput }`) gets, for 2026-07-28,
 * the input-required result; for a 2025-era client (`legacy` set), its requests on the call's
 * stream and its messages again with the answers, as a tool call does. A failure there is a
 * JSON-RPC error (a prompt has no tool-error result).
 */
export async function getPrompt(
  prompts: PromptCatalog,
  params: { readonly name: string; readonly arguments?: Readonly<Record<string, string>> },
  http: Request,
  exchange: ServerContext,
  states: RequestStateCodec,
  legacy: LegacyExchange | undefined,
): Promise<GetPromptResult | InputRequiredResult> {
  const run = async (given: McpPromptInput): Promise<InputRun<GetPromptResult>> => {
    const answer = await prompts.get(params.name, params.arguments ?? {}, http, given);
    if (!("askForInput" in answer)) return { done: answer };
    return { asked: (answer as { readonly askForInput: InputAsked }).askForInput };
  };
  const first = await run({
    responses: exchange.mcpReq.inputResponses,
    capabilities: clientCapabilities(exchange),
  });
  if ("done" in first) return first.done;
  if (legacy === undefined) return await inputRequired(first.asked, exchange, states);
  const outcome = await askUntilAnswered(
    first.asked,
    legacy,
    exchange.mcpReq.signal,
    `Prompt ${params.name}`,
    (responses) => run({ responses, capabilities: {} }),
  );
  if ("done" in outcome) return outcome.done;
  throw new ProtocolError(ProtocolErrorCode.InternalError, outcome.failed);
}
