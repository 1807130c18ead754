import { createHmac } from "node:crypto";
import type { PubSub } from "@trellis/core";
import { type ClientAnswer, callerOf, type PendingAnswers } from "./legacy-answers.js";
import type { LegacyCalls } from "./legacy-cancel.js";

/**
 * The topic every instance of one endpoint shares (each keeps what concerns its own calls): named
 * from the endpoint's `stateKey`, so only those who hold the key know it — a client that may
 * follow a topic by a name of its choosing (a WebSocket route) cannot guess it to read answers.
 */
export function relayTopic(stateKey: string | Uint8Array): string {
  const name = createHmac("sha256", stateKey).update("trellis.mcp.legacy-exchange").digest("hex");
  return `trellis.mcp.${name.slice(0, 32)}`;
}

type Relayed =
  | { readonly kind: "answer"; readonly caller: string; readonly answer: ClientAnswer }
  | {
      readonly kind: "cancel";
      readonly caller: string;
      readonly id: unknown;
      readonly reason: unknown;
    };

/**
 * Leads what a 2025-era client posts for a call in flight — its answer to the server's request,
 * or its `notifications/cancelled` — to the call, wherever it runs. Found on this instance, it is
 * handled here; otherwise, when the endpoint has a pub/sub (`mcpServer({ pubsub })`), it is
 * published and the instance that runs the call takes it. The caller travels as a digest, never
 * its Authorization header.
 */
export class LegacyRelay {
  readonly #answers: PendingAnswers;
  readonly #calls: LegacyCalls;
  readonly #pubsub: { readonly engine: PubSub; readonly topic: string } | undefined;

  constructor(
    answers: PendingAnswers,
    calls: LegacyCalls,
    pubsub: { readonly engine: PubSub; readonly topic: string } | undefined,
  ) {
    this.#answers = answers;
    this.#calls = calls;
    this.#pubsub = pubsub;
    pubsub?.engine.subscribe(pubsub.topic, (payload) => this.#received(payload));
  }

  /** Gives a posted answer to its call: false when no call waits for it here and none can be told. */
  answer(http: Request, answer: ClientAnswer): boolean {
    const caller = callerOf(http);
    if (this.#answers.deliver(caller, answer)) return true;
    return this.#publish({ kind: "answer", caller, answer });
  }

  /** Cancels the caller's call with this id, here or (relayed) on the instance that runs it. */
  cancel(http: Request, id: unknown, reason: unknown): void {
    const caller = callerOf(http);
    if (this.#calls.cancel(caller, id, reason)) return;
    this.#publish({ kind: "cancel", caller, id, reason });
  }

  #publish(message: Relayed): boolean {
    if (this.#pubsub === undefined) return false;
    return this.#pubsub.engine.publish(this.#pubsub.topic, JSON.stringify(message));
  }

  #received(payload: string): void {
    let message: Relayed;
    try {
      message = JSON.parse(payload) as Relayed;
    } catch {
      return; // not one of ours
    }
    if (message.kind === "answer") this.#answers.deliver(message.caller, message.answer);
    else if (message.kind === "cancel")
      this.#calls.cancel(message.caller, message.id, message.reason);
  }
}
