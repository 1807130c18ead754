import { engineDeadline } from "@trellis/core/extend";
import { SQL } from "bun";

/**
 * A pool whose every statement has a deadline. A statement past it may never be answered (a paused
 * or partitioned server keeps its socket open for minutes), so the pool is then replaced and the
 * stalled one closed without waiting: the next statement connects anew. Only the current pool's
 * closing is reported (the dropped one's "Connection closed" is ours).
 */
export class DeadlinePool {
  #sql: SQL;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly max: number,
    readonly timeoutMs: number,
    private readonly lost: (error: Error) => void,
  ) {
    this.#sql = this.#open();
  }

  /** The pool statements go to now. */
  get sql(): SQL {
    return this.#sql;
  }

  /** `work` on the current pool, or an `EngineUnavailableError` once the deadline passed. */
  within<T>(work: (sql: SQL) => Promise<T>, why?: string): Promise<T> {
    const pool = this.#sql;
    return engineDeadline(work(pool), "postgres", this.timeoutMs, () => this.drop(pool), why);
  }

  /** Replaces `stalled` (when it is still the current pool) and closes it at once. */
  drop(stalled: SQL = this.#sql): void {
    if (this.#closed || stalled !== this.#sql) return;
    this.#sql = this.#open();
    stalled.close({ timeout: 0 }).catch(() => {});
  }

  /** Closes the current pool, giving statements in flight `seconds` to finish. */
  close(seconds: number): Promise<void> {
    this.#closed = true;
    return this.#sql.close({ timeout: seconds });
  }

  #open(): SQL {
    const pool: SQL = new SQL(this.url, {
      max: this.max,
      // Unnamed statements: a pooler in transaction mode hands each one to any server connection,
      // where a named one would be missing or already taken ("prepared statement P0 already exists").
      prepare: false,
      connectionTimeout: Math.ceil(this.timeoutMs / 1000),
      onclose: (error) => {
        if (error !== null && pool === this.#sql && !this.#closed) this.lost(error);
      },
    });
    return pool;
  }
}
