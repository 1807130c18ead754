import {
  type InputRequiredResult,
  MissingRequiredClientCapabilityError,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { InputAsked } from "./input-required.js";

/** The capabilities a 2026-07-28 client declared in its request's `_meta` (none for 2025 ones). */
export function clientCapabilities(exchange: ServerContext): Readonly<Record<string, unknown>> {
  const envelope = (exchange.mcpReq.envelope ?? {}) as Record<string, unknown>;
  return (envelope["io.modelcontextprotocol/clientCapabilities"] ?? {}) as Record<string, unknown>;
}

// The client capability each embedded request needs (2026-07-28 `clientCapabilities`).
const needs: Record<string, "elicitation" | "sampling" | "roots"> = {
  "elicitation/create": "elicitation",
  "sampling/createMessage": "sampling",
  "roots/list": "roots",
};

/**
 * The input-required result of a route that asked for input: its requests, if the client
 * declared what they need (else -32021, as 2026-07-28 says), and its state, signed.
 */
export async function inputRequired(
  asked: InputAsked,
  exchange: ServerContext,
  states: RequestStateCodec,
): Promise<InputRequiredResult> {
  const declared = clientCapabilities(exchange);
  const missing: Record<string, object> = {};
  for (const { method } of Object.values(asked.inputRequests ?? {})) {
    const capability = needs[method];
    if (capability !== undefined && declared[capability] === undefined) missing[capability] = {};
  }
  if (Object.keys(missing).length > 0) {
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: missing });
  }
  return {
    resultType: "input_required",
    ...(asked.inputRequests === undefined ? {} : { inputRequests: asked.inputRequests }),
    ...(asked.state === undefined
      ? {}
      : { requestState: await states.mint(asked.state, exchange) }),
  };
}
