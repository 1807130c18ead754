import { engineDeadline } from "@trellis/core/extend";
import { SQL } from "bun";

const firstDelayMs = 100;
const maxDelayMs = 5000;

/** What a LISTEN connection tells its owner. */
export interface ListenHooks {
  /** A notification's payload. */
  readonly notified: (payload: string) => void;
  /** LISTEN is acknowledged: first, and after every reconnection. */
  readonly listened: () => void;
  /** The connection was lost (Bun re-listens by itself), or a LISTEN failed (retried here). */
  readonly lost: (error: Error) => void;
}

/**
 * The LISTEN of one instance, on a handle of its own (`sql.listen` keeps one dedicated connection
 * per handle). Bun re-listens, with a backoff, after a connection it had is lost; a first LISTEN
 * that fails (or has no answer within the deadline) is tried again here with a doubling delay.
 * `drop` cuts a stalled connection at once and listens anew on a new handle.
 */
export class ListenLink {
  #sql: SQL | undefined;
  #attempt = 0;
  #acknowledged = false;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly timeoutMs: number,
    private readonly hooks: ListenHooks,
  ) {}

  get #connectSeconds(): number {
    return Math.ceil(this.timeoutMs / 1000);
  }

  /** True once LISTEN is acknowledged on the current connection (false while reconnecting). */
  get acknowledged(): boolean {
    return this.#acknowledged;
  }

  /** Listens; resolves at the first answer, true when LISTEN was acknowledged (else retried). */
  start(): Promise<boolean> {
    return this.#listen(this.#attempt, firstDelayMs);
  }

  /** Closes the current connection without waiting for it and listens on a new one. */
  drop(): void {
    if (this.#closed) return;
    this.#cut();
    void this.#listen(this.#attempt, firstDelayMs);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const sql = this.#sql;
    this.#cut();
    // The LISTEN ends with its session; nothing in flight on it is worth waiting for.
    await sql?.close({ timeout: 0 }).catch(() => {});
  }

  /** Forgets the current handle (a later callback of it is ignored) and closes it. */
  #cut(): void {
    clearTimeout(this.#retry);
    this.#attempt++;
    this.#acknowledged = false;
    this.#sql?.close({ timeout: 0 }).catch(() => {});
    this.#sql = undefined;
  }

  async #listen(attempt: number, delayMs: number): Promise<boolean> {
    if (this.#closed || attempt !== this.#attempt) return false;
    const current = () => !this.#closed && attempt === this.#attempt;
    const sql: SQL = new SQL(this.url, {
      max: 1,
      prepare: false,
      connectionTimeout: this.#connectSeconds,
      onclose: (error) => {
        if (error === null || !current()) return;
        this.#acknowledged = false;
        this.hooks.lost(error);
      },
    });
    this.#sql = sql;
    const listening = sql.listen(
      this.channel,
      (payload) => {
        if (current()) this.hooks.notified(payload);
      },
      () => {
        if (!current()) return;
        this.#acknowledged = true;
        this.hooks.listened();
      },
    );
    try {
      // Past the connection's own timeout (which fails first when it cannot connect): LISTEN was
      // sent and is not answered.
      const ms = this.#connectSeconds * 1000 + this.timeoutMs;
      await engineDeadline(listening, "postgres", ms, undefined, "LISTEN had no answer");
      return true;
    } catch (error) {
      if (!current()) return false;
      this.hooks.lost(error instanceof Error ? error : new Error(String(error)));
      this.#cut();
      const next = this.#attempt;
      this.#retry = setTimeout(
        () => void this.#listen(next, Math.min(delayMs * 2, maxDelayMs)),
        delayMs,
      );
      return false;
    }
  }
}
