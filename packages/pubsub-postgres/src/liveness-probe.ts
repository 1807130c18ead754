import { engineDeadline } from "@trellis/core/extend";

/** Payloads of liveness checks start so; a publish's NOTIFY carries a row id (digits only). */
const probePrefix = "live:";

/** True for a liveness check's NOTIFY (of any instance): it announces no rows. */
export const isProbe = (payload: string): boolean => payload.startsWith(probePrefix);

/** What a liveness check sends and tells. */
export interface ProbeHooks {
  /** Sends `payload` as a NOTIFY on the log's channel (with the reads' deadline). */
  readonly send: (payload: string) => Promise<unknown>;
  /** Told when a check came back within the deadline. */
  readonly answered: () => void;
  /** Told when it did not (the reading pool or the LISTEN connection stalled, or is down). */
  readonly missed: (error: Error) => void;
}

/**
 * The liveness check of a LISTEN connection, which otherwise cannot tell a quiet log from a
 * stalled server: every `everyMs`, a NOTIFY of this instance's own must come back on it within
 * `timeoutMs`. One check at a time; the next is planned once one ends.
 */
export class LivenessProbe {
  readonly #name = `${probePrefix}${crypto.randomUUID()}:`;
  #count = 0;
  #waiting: { payload: string; heard: () => void } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = true;

  constructor(
    private readonly everyMs: number,
    private readonly timeoutMs: number,
    private readonly hooks: ProbeHooks,
  ) {}

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#plan();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#waiting = undefined;
  }

  /** A notification came: the check's own one ends the wait. */
  heard(payload: string): void {
    if (this.#waiting?.payload === payload) this.#waiting.heard();
  }

  #plan(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#check(), this.everyMs);
  }

  async #check(): Promise<void> {
    const payload = `${this.#name}${++this.#count}`;
    const heard = new Promise<void>((resolve) => {
      this.#waiting = { payload, heard: resolve };
    });
    try {
      await engineDeadline(
        Promise.all([this.hooks.send(payload), heard]),
        "postgres",
        this.timeoutMs,
        undefined,
        `the LISTEN connection's liveness check had no answer within ${this.timeoutMs} ms`,
      );
      if (!this.#stopped) this.hooks.answered();
    } catch (error) {
      if (!this.#stopped)
        this.hooks.missed(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.#waiting = undefined;
      this.#plan();
    }
  }
}
