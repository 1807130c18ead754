import type { InputRequests } from "@modelcontextprotocol/server";

/** What a route asks of the client before it can answer: embedded requests, and its own state. */
export interface InputAsked {
  /** The client's requests to run, by key (`elicitation/create`, `sampling/createMessage`, `roots/list`). */
  readonly inputRequests?: InputRequests;
  /** What the route needs back on the next round (any JSON): signed, and verified on return. */
  readonly state?: unknown;
}

/** What a retried call brings: the client's answers, and the state the route gave last round. */
interface InputGiven {
  readonly responses: Readonly<Record<string, unknown>> | undefined;
  readonly state: unknown;
  readonly capabilities: Readonly<Record<string, unknown>>;
}

const given = new WeakMap<Request, InputGiven>();
const asked = new WeakMap<Request, InputAsked>();

/** Lets the route of a tool call read what its retry brought (the plugin calls it). */
export function rememberInput(request: Request, input: InputGiven): void {
  given.set(request, input);
}

/** What the route asked for, if it did (the plugin reads it after the route answered). */
export function inputAsked(request: Request): InputAsked | undefined {
  return asked.get(request);
}

/**
 * The answers the MCP client gave to what the route asked last round (`inputResponses` of a
 * retried 2026-07-28 call, by key), or undefined on a first call and over plain HTTP. They come
 * from the client: validate them as any input.
 */
export function inputResponses(request: Request): Readonly<Record<string, unknown>> | undefined {
  return given.get(request)?.responses;
}

/** The state the route gave with its last `askForInput`, verified (undefined on a first call). */
export function inputState<T = unknown>(request: Request): T | undefined {
  return given.get(request)?.state as T | undefined;
}

/**
 * The capabilities the MCP client declared in this call (`elicitation`, `sampling`, `roots`...;
 * 2026-07-28 sends them with every request): ask only for input it can give.
 */
export function clientCapabilities(request: Request): Readonly<Record<string, unknown>> {
  return given.get(request)?.capabilities ?? {};
}

/**
 * Asks the MCP client for input before the route can answer (2026-07-28 input-required results,
 * SEP-2322): return what this gives. The client runs `inputRequests` (asks its user, its model or
 * its roots) and calls the tool again with the answers, which `inputResponses(request)` then reads;
 * `state` comes back through `inputState(request)`, signed by the endpoint so a client cannot
 * change it. Over plain HTTP, and for 2025-era clients, the answer is this 428 problem.
 *
 * @example
 * const confirmed = inputResponses(request)?.confirm as { action?: string } | undefined;
 * if (confirmed?.action !== "accept") {
 *   return askForInput(request, {
 *     inputRequests: {
 *       confirm: {
 *         method: "elicitation/create",
 *         params: { message: "Delete it?", requestedSchema: { type: "object", properties: {} } },
 *       },
 *     },
 *   });
 * }
 */
export function askForInput(request: Request, input: InputAsked): Response {
  asked.set(request, input);
  return Response.json(
    {
      type: "about:blank",
      title: "Input Required",
      status: 428,
      detail: "This operation needs input that an MCP client (revision 2026-07-28) gives.",
    },
    { status: 428, headers: { "content-type": "application/problem+json" } },
  );
}
