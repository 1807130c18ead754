import { createHash } from "node:crypto";
import { RedisClient } from "bun";

/** How a store reaches Redis: a client of the app's own, or a URL the store connects to. */
export interface RedisStoreOptions {
  /**
   * A connected (or connectable) Bun `RedisClient` to share; the app never closes it. Without it
   * the store opens its own connection to `url`, and closes it with the app.
   */
  readonly client?: RedisClient;
  /** The server (`redis://`, `rediss://`); default `REDIS_URL`, else `redis://127.0.0.1:6379`. */
  readonly url?: string;
  /** Prefix of every key the store writes (default `trellis:ratelimit:` / `trellis:idempotency:`). */
  readonly prefix?: string;
}

/** A script sent by its hash, and as a whole (EVAL) when the server does not have it yet. */
export interface Script {
  readonly source: string;
  readonly sha: string;
}

export const script = (source: string): Script => ({
  source,
  sha: createHash("sha1").update(source).digest("hex"),
});

/**
 * One Redis connection for a store. Its own connection fails fast while Redis is away (no offline
 * queue: the caller decides, a rate limit lets requests through and idempotency answers 503) and
 * reconnects on the next command.
 */
export class RedisConnection {
  readonly client: RedisClient;
  readonly prefix: string;
  private readonly owned: boolean;
  private connecting: Promise<void> | undefined;

  constructor(options: RedisStoreOptions, defaultPrefix: string, caller: string) {
    const { client, url, prefix = defaultPrefix } = options;
    if (typeof prefix !== "string") throw new TypeError(`${caller}: prefix must be a string.`);
    if (client !== undefined && typeof (client as { send?: unknown }).send !== "function") {
      throw new TypeError(`${caller}: client must be a RedisClient from "bun".`);
    }
    this.prefix = prefix;
    this.owned = client === undefined;
    this.client =
      client ??
      new RedisClient(url ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379", {
        autoReconnect: false,
        enableOfflineQueue: false,
        connectionTimeout: 2000,
      });
  }

  private async connected(): Promise<void> {
    if (this.client.connected || !this.owned) return;
    this.connecting ??= this.client.connect().finally(() => {
      this.connecting = undefined;
    });
    await this.connecting;
  }

  /** Runs `script` with `keys` and `args`, atomically on the server. */
  async run(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    await this.connected();
    const rest = [String(keys.length), ...keys, ...args];
    try {
      return await this.client.send("EVALSHA", [script.sha, ...rest]);
    } catch (error) {
      if (!String((error as Error)?.message ?? error).includes("NOSCRIPT")) throw error;
      return await this.client.send("EVAL", [script.source, ...rest]);
    }
  }

  /** Closes the connection the store opened (a shared client stays open). */
  close(): void {
    if (this.owned) this.client.close();
  }
}
