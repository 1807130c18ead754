import { createHash } from "node:crypto";
import { EngineUnavailableError } from "@trellis/core";
import { RedisClient } from "bun";

/** How a store reaches Redis: a client of the app's own, or a URL the store connects to. */
export interface RedisStoreOptions {
  /**
   * A connected (or connectable) Bun `RedisClient` to share; the app never closes it. Without it
   * the store opens its own connection to `url`, and closes it with the app.
   */
  readonly client?: RedisClient;
  /**
   * The server (`redis://`, `rediss://`); default `REDIS_URL`, else `redis://127.0.0.1:6379` (said
   * once on the console, naming the unset `REDIS_URL`).
   */
  readonly url?: string;
  /** Prefix of every key the store writes (default `trellis:ratelimit:` / `trellis:idempotency:`). */
  readonly prefix?: string;
  /**
   * Milliseconds one store call may take, connecting included (default 1000). Past it the call
   * fails with `EngineUnavailableError`, so a Redis that stops answering but keeps its socket open
   * costs a request this long, never a hang; the store's own connection is then dropped and made
   * again on the next call (a shared `client` is left as it is).
   */
  readonly commandTimeoutMs?: number;
}

/** Said of a store on a health check: `indicators: { redis: () => store.ping() }`. */
export interface RedisStore {
  /** True when Redis answers PING within the command deadline. */
  ping(): Promise<boolean>;
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

const defaultUrl = "redis://127.0.0.1:6379";
let fallbackSaid = false;

/** The URL to connect to; the fallback is said once per process, since a typo lands there. */
function chooseUrl(url: string | undefined, caller: string): string {
  if (url !== undefined) return url;
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) return fromEnv;
  if (!fallbackSaid) {
    fallbackSaid = true;
    console.warn(
      `${caller}: no url given and REDIS_URL is unset; connecting to ${defaultUrl}. Set REDIS_URL (or url) if Redis is elsewhere.`,
    );
  }
  return defaultUrl;
}

/**
 * One Redis connection for a store. Its own connection fails fast while Redis is away (no offline
 * queue: the caller decides, by its feature's outage policy) and reconnects on the next command;
 * every call has a deadline (`commandTimeoutMs`).
 */
export class RedisConnection {
  readonly prefix: string;
  readonly timeoutMs: number;
  private client: RedisClient;
  private readonly owned: boolean;
  private readonly url: string | undefined;
  private connecting: Promise<void> | undefined;

  constructor(options: RedisStoreOptions, defaultPrefix: string, caller: string) {
    const { client, url, prefix = defaultPrefix, commandTimeoutMs = 1000 } = options;
    if (typeof prefix !== "string") throw new TypeError(`${caller}: prefix must be a string.`);
    if (client !== undefined && typeof (client as { send?: unknown }).send !== "function") {
      throw new TypeError(`${caller}: client must be a RedisClient from "bun".`);
    }
    if (
      typeof commandTimeoutMs !== "number" ||
      !Number.isFinite(commandTimeoutMs) ||
      commandTimeoutMs <= 0 ||
      commandTimeoutMs > 600_000
    ) {
      throw new TypeError(
        `${caller}: commandTimeoutMs must be a number of milliseconds above 0 and at most 600000.`,
      );
    }
    this.prefix = prefix;
    this.timeoutMs = commandTimeoutMs;
    this.owned = client === undefined;
    this.url = this.owned ? chooseUrl(url, caller) : undefined;
    this.client = client ?? this.open();
  }

  private open(): RedisClient {
    return new RedisClient(this.url as string, {
      autoReconnect: false,
      enableOfflineQueue: false,
      connectionTimeout: this.timeoutMs,
    });
  }

  private async connected(): Promise<void> {
    if (this.client.connected || !this.owned) return;
    this.connecting ??= this.client.connect().finally(() => {
      this.connecting = undefined;
    });
    await this.connecting;
  }

  private async call(command: string, args: readonly string[]): Promise<unknown> {
    await this.connected();
    return await this.client.send(command, args as string[]);
  }

  /** `work`, or an `EngineUnavailableError` once the deadline passed (the late answer is dropped). */
  private async deadline<T>(work: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new EngineUnavailableError("redis", `no answer within ${this.timeoutMs} ms`));
        // A stalled server may answer much later, or never: start over with a new connection.
        if (this.owned) {
          const stalled = this.client;
          this.client = this.open();
          this.connecting = undefined;
          stalled.close();
        }
      }, this.timeoutMs);
    });
    const done = work();
    done.catch(() => {}); // settled after the deadline: nobody waits for it
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `script` with `keys` and `args`, atomically on the server, within the deadline. */
  run(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const rest = [String(keys.length), ...keys, ...args];
    return this.deadline(async () => {
      try {
        return await this.call("EVALSHA", [script.sha, ...rest]);
      } catch (error) {
        if (!String((error as Error)?.message ?? error).includes("NOSCRIPT")) throw error;
        return await this.call("EVAL", [script.source, ...rest]);
      }
    });
  }

  /** True when the server answers PING within the deadline. */
  ping(): Promise<boolean> {
    return this.deadline(() => this.call("PING", [])).then(
      (reply) => reply === "PONG",
      () => false,
    );
  }

  /** Closes the connection the store opened (a shared client stays open). */
  close(): void {
    if (this.owned) this.client.close();
  }
}
