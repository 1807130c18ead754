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
import { askLegacyClient, InputRefused, type LegacyExchange } from "./legacy-input.js";
import type { McpPromptInput, PromptCatalog } from "./mcp-prompts.js";

// Rounds of a 2025-era `prompts/get` that asks for input, as for a tool call.
const maxInputRounds = 8;

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
  let input: McpPromptInput = {
    responses: exchange.mcpReq.inputResponses,
    capabilities: clientCapabilities(exchange),
  };
  for (let round = 0; ; round += 1) {
    const answer = await prompts.get(params.name, params.arguments ?? {}, http, input);
    if (!("askForInput" in answer)) return answer;
    const { askForInput } = answer as { readonly askForInput: InputAsked };
    if (legacy === undefined) return await inputRequired(askForInput, exchange, states);
    if (round === maxInputRounds) {
      const why = `Prompt ${params.name} asked for input more than ${maxInputRounds} times`;
      throw new ProtocolError(ProtocolErrorCode.InternalError, why);
    }
    try {
      const responses = await askLegacyClient(askForInput, legacy, exchange.mcpReq.signal);
      input = { responses, capabilities: {} };
    } catch (error) {
      if (error instanceof InputRefused) {
        throw new ProtocolError(ProtocolErrorCode.InternalError, error.message);
      }
      throw error;
    }
  }
}
