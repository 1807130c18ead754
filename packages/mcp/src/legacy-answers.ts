import { createHash } from "node:crypto";

/** A client's JSON-RPC answer to a request the server sent it: `result` or `error`, by id. */
export interface ClientAnswer {
  readonly id: string | number;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

/** The bounds of the calls waiting for a 2025-era client's answer. */
export interface AnswerBounds {
  /** How long one answer may take (milliseconds) before its call fails. */
  readonly timeoutMs: number;
  /** How many answers may be awaited at once on this instance; past it a call fails at once. */
  readonly maxWaiting: number;
}

/**
 * Who a request says it is: a digest of its Authorization header, so a caller's answer reaches only
 * the caller's own calls, and the header itself is never kept or relayed. Anonymous clients share
 * one name; the ids they answer are random, so one cannot guess another's.
 */
export function callerOf(http: Request): string {
  const authorization = http.headers.get("authorization") ?? "";
  return createHash("sha256").update(authorization).digest("base64url");
}

/**
 * The JSON-RPC error a call fails with when its client's answer cannot be had: thrown in the tool
 * handler, the SDK answers it as this code.
 */
export class AnswerNotGiven extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

// JSON-RPC implementation-defined server errors: the SDK line's own "request timed out", and
// "the server cannot take this call now".
export const answerTimedOut = -32001;
export const tooManyWaiting = -32000;

interface Waiting {
  resolve(answer: ClientAnswer): void;
}

/**
 * The 2025-era calls of this process waiting for their client's answer to a request the server
 * sent on the call's stream (elicitation, sampling, roots), by caller and request id. Bounded:
 * each answer has a deadline, at most `maxWaiting` wait at once, and an entry leaves the map when
 * answered, timed out, cancelled or disconnected (the call's signal).
 */
export class PendingAnswers {
  readonly #waiting = new Map<string, Waiting>();

  constructor(readonly bounds: AnswerBounds) {}

  /** How many answers are awaited now. */
  get size(): number {
    return this.#waiting.size;
  }

  /**
   * Waits for the answer of `caller` to request `id`, until the deadline or `signal` aborts.
   * Registered before it returns, so the request may be sent after calling this; throws at once
   * (before anything is sent) when `maxWaiting` answers are awaited already.
   */
  wait(caller: string, id: string, signal: AbortSignal, what: string): Promise<ClientAnswer> {
    if (this.#waiting.size >= this.bounds.maxWaiting) {
      const why = `${this.bounds.maxWaiting} calls wait for their client's answer on this server already: try again later`;
      throw new AnswerNotGiven(tooManyWaiting, why);
    }
    signal.throwIfAborted();
    const key = JSON.stringify([caller, id]);
    return new Promise<ClientAnswer>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", aborted);
        this.#waiting.delete(key);
      };
      const aborted = () => {
        done();
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        done();
        const seconds = this.bounds.timeoutMs / 1000;
        reject(
          new AnswerNotGiven(
            answerTimedOut,
            `The client did not answer ${what} within ${seconds} s`,
          ),
        );
      }, this.bounds.timeoutMs);
      signal.addEventListener("abort", aborted, { once: true });
      this.#waiting.set(key, {
        resolve: (answer) => {
          done();
          resolve(answer);
        },
      });
    });
  }

  /** Gives `answer` to the call of `caller` waiting for it here: false when none waits here. */
  deliver(caller: string, answer: ClientAnswer): boolean {
    const waiting = this.#waiting.get(JSON.stringify([caller, answer.id]));
    if (waiting === undefined) return false;
    waiting.resolve(answer);
    return true;
  }
}

/** Whether a posted message is a JSON-RPC response (the client answering the server). */
export function isClientAnswer(message: unknown): message is ClientAnswer {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const { id } = message as { id?: unknown };
  return (
    !("method" in message) &&
    (typeof id === "string" || typeof id === "number") &&
    ("result" in message || "error" in message)
  );
}
