import type { InputAsked } from "./input-required.js";
import { AnswerNotGiven, type PendingAnswers } from "./legacy-answers.js";

/** A JSON-RPC request from server to client, sent on the stream of the call it serves. */
export interface ServerRequest {
  readonly jsonrpc: "2.0";
  readonly id: string;
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** How a 2025-era call reaches its client: its stream, its caller, the answers it waits for. */
export interface LegacyExchange {
  readonly caller: string;
  readonly answers: PendingAnswers;
  /** Writes `request` on the call's SSE response stream (the SDK's transport does it). */
  send(request: ServerRequest): Promise<void>;
}

/** The client answered one of the requests with an error: the call ends as a tool error. */
export class InputRefused extends Error {}

/** A 2025-11-25 URL elicitation carries an `elicitationId`; 2026-07-28's embedded one has none. */
function legacyParams(method: string, params: unknown): Record<string, unknown> {
  const given = (params ?? {}) as Record<string, unknown>;
  if (
    method === "elicitation/create" &&
    given.mode === "url" &&
    given.elicitationId === undefined
  ) {
    return { ...given, elicitationId: crypto.randomUUID() };
  }
  return given;
}

/**
 * Asks a 2025-era client for what a route's `askForInput` names, as that revision does: each
 * request (`elicitation/create`, `sampling/createMessage`, `roots/list`) goes to the client on the
 * call's response stream with an id of its own (random, so no one guesses it), and the client
 * answers each in a POST of its own, which `PendingAnswers` leads back here. Resolves with the
 * answers by key — what a 2026-07-28 client sends back as `inputResponses` — once all came; the
 * first that fails (an error answer, the deadline, a cancel) ends the round and stops the others.
 */
export async function askLegacyClient(
  asked: InputAsked,
  exchange: LegacyExchange,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const round = new AbortController();
  const stop = AbortSignal.any([signal, round.signal]);
  try {
    const answered = await Promise.all(
      Object.entries(asked.inputRequests ?? {}).map(async ([key, { method, params }]) => {
        const id = `trellis-${crypto.randomUUID()}`;
        const what = `${method} "${key}"`;
        const answer = exchange.answers.wait(exchange.caller, id, stop, what);
        answer.catch(() => {}); // awaited below; a failed send must not leave it unhandled
        try {
          await exchange.send({ jsonrpc: "2.0", id, method, params: legacyParams(method, params) });
        } catch (error) {
          throw new AnswerNotGiven(
            -32603,
            `Could not send ${what} to the client: ${String(error)}`,
          );
        }
        const { result, error } = await answer;
        if (error !== undefined) {
          throw new InputRefused(
            `The client answered ${what} with error ${error.code}: ${error.message}`,
          );
        }
        return [key, result] as const;
      }),
    );
    return Object.fromEntries(answered);
  } catch (error) {
    round.abort(error);
    throw error;
  }
}

// Rounds of input one 2025-era call or prompt may ask for, as the SDK's own legacy loop allows.
const maxInputRounds = 8;

/** A route's or prompt's run: what it answered, or the input it asks for first. */
export type InputRun<T> = { readonly done: T } | { readonly asked: InputAsked };

/**
 * Asks a 2025-era client for what `asked` names, then runs `again` with its answers, for as long
 * as it asks anew (at most 8 rounds). Resolves with what it answered, or why it failed: the
 * client answered a request with an error, or `what` kept asking. A deadline, a cancel or a
 * failed send throws (`AnswerNotGiven`, the signal's reason).
 */
export async function askUntilAnswered<T>(
  asked: InputAsked,
  exchange: LegacyExchange,
  signal: AbortSignal,
  what: string,
  again: (responses: Record<string, unknown>, asked: InputAsked) => Promise<InputRun<T>>,
): Promise<{ readonly done: T } | { readonly failed: string }> {
  let current = asked;
  for (let round = 1; ; round += 1) {
    let responses: Record<string, unknown>;
    try {
      responses = await askLegacyClient(current, exchange, signal);
    } catch (error) {
      if (error instanceof InputRefused) return { failed: error.message };
      throw error;
    }
    const ran = await again(responses, current);
    if ("done" in ran) return ran;
    if (round === maxInputRounds) {
      return { failed: `${what} asked for input more than ${maxInputRounds} times` };
    }
    current = ran.asked;
  }
}
