import type { PubSub } from "@trellis/core";
import { invalidRequest } from "./json-rpc-error.js";
import { type AnswerBounds, isClientAnswer, PendingAnswers } from "./legacy-answers.js";
import { LegacyCalls } from "./legacy-cancel.js";
import { LegacyRelay, relayTopic } from "./legacy-relay.js";
import { mcpError } from "./mcp-errors.js";

/** The answer bounds of `mcpServer({ inputAnswers })`, checked at startup. */
export function answerBounds(
  given: { readonly timeoutMs?: number; readonly maxWaiting?: number } = {},
): AnswerBounds {
  const bounds = { timeoutMs: given.timeoutMs ?? 300_000, maxWaiting: given.maxWaiting ?? 1000 };
  for (const [name, value] of Object.entries(bounds)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw mcpError("INVALID_MCP_SERVER_OPTIONS", [
        `inputAnswers.${name} must be a positive integer (got ${String(value)}).`,
      ]);
    }
  }
  return bounds;
}

/**
 * The 2025-era exchange of one endpoint: its calls in flight, the answers they await, and the
 * relay to the other instances (through `pubsub`, on a topic named from the shared `stateKey`).
 */
export function legacyExchange(
  bounds: AnswerBounds,
  pubsub: PubSub | undefined,
  stateKey: string | Uint8Array | undefined,
) {
  const calls = new LegacyCalls();
  const answers = new PendingAnswers(bounds);
  const relay =
    pubsub === undefined || stateKey === undefined
      ? undefined
      : { engine: pubsub, topic: relayTopic(stateKey) };
  return { calls, answers, relay: new LegacyRelay(answers, calls, relay) };
}

// A posted response is a 2025-era message: 2026-07-28 has no server-to-client requests to answer.
const isModern = (request: Request) =>
  (request.headers.get("mcp-protocol-version") ?? "") >= "2026";

/**
 * The answer to a POST that carries a client's response to a request the server sent (2025-era
 * sampling, elicitation, roots): 202 once it reached its call (here, or relayed through the
 * pub/sub), 400 when no call waits for it and there is no pub/sub to ask the other instances.
 * Undefined for any other message.
 */
export function answerPost(
  request: Request,
  message: unknown,
  relay: LegacyRelay,
): Response | undefined {
  if (!isClientAnswer(message) || isModern(request)) return undefined;
  if (relay.answer(request, message)) return new Response(null, { status: 202 });
  const error = {
    code: invalidRequest,
    message: `No call waits for the answer to request ${JSON.stringify(message.id)} on this server`,
  };
  return Response.json({ jsonrpc: "2.0", id: null, error }, { status: 400 });
}
