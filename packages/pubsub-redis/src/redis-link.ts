import { RedisClient } from "bun";

/** What a link reports: its connection was lost, or (re)made. */
export interface LinkEvents {
  down(error: unknown): void;
  up(): void;
}

/**
 * One Redis connection that reconnects itself, with a backoff (doubling from `minMs` to `maxMs`),
 * instead of Bun's own retries that give up after a number of attempts. Commands sent while it is
 * down fail at once (no offline queue): a publish never waits for an engine that is away.
 */
export class RedisLink {
  #client: RedisClient;
  #connecting: Promise<void> | undefined;
  #closed = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wake: (() => void) | undefined;
  #wasUp = false;

  constructor(
    private readonly url: string,
    private readonly backoff: { readonly minMs: number; readonly maxMs: number },
    private readonly events: LinkEvents,
  ) {
    this.#client = this.#open();
  }

  #open(): RedisClient {
    const client = new RedisClient(this.url, {
      autoReconnect: false,
      enableOfflineQueue: false,
      connectionTimeout: 5000,
    });
    client.onclose = (error) => {
      if (this.#closed || client !== this.#client) return;
      if (this.#wasUp) this.events.down(error);
      this.#wasUp = false;
      void this.connect();
    };
    return client;
  }

  /** The connection commands go to now (made anew by `drop`). */
  get client(): RedisClient {
    return this.#client;
  }

  /**
   * Gives up on a connection that let a deadline pass: a stalled or partitioned server may keep
   * its socket open for hours without answering. The link is down and connects anew.
   */
  drop(error: unknown): void {
    if (this.#closed) return;
    const stalled = this.#client;
    this.#client = this.#open();
    stalled.close();
    if (this.#wasUp) this.events.down(error);
    this.#wasUp = false;
    void this.connect();
  }

  get connected(): boolean {
    return !this.#closed && this.#client.connected;
  }

  /** One attempt to connect; false when it failed (the link then keeps trying by itself). */
  async tryOnce(): Promise<boolean> {
    if (this.#closed) return false;
    if (this.client.connected) return true;
    try {
      await this.client.connect();
      this.#wasUp = true;
      return true;
    } catch {
      void this.connect();
      return false;
    }
  }

  /** Resolves once connected (retrying with the backoff) or closed. */
  connect(): Promise<void> {
    if (this.#closed || this.client.connected) return Promise.resolve();
    this.#connecting ??= this.#attempts().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #attempts(): Promise<void> {
    let delay = this.backoff.minMs;
    while (!this.#closed) {
      try {
        await this.client.connect();
        if (this.#closed) return;
        this.#wasUp = true;
        this.events.up();
        return;
      } catch (error) {
        if (this.#closed) return;
        if (this.#wasUp) this.events.down(error);
        this.#wasUp = false;
      }
      await this.#sleep(delay);
      delay = Math.min(delay * 2, this.backoff.maxMs);
    }
  }

  /** Waits `milliseconds`, or less when the link is closed meanwhile. */
  pause(milliseconds: number): Promise<void> {
    return this.#closed ? Promise.resolve() : this.#sleep(milliseconds);
  }

  #sleep(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(resolve, milliseconds);
    });
  }

  /** Closes the connection and ends any wait for one; idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#wake?.();
    this.client.close();
  }
}
