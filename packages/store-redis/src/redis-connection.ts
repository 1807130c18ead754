import { createHash } from "node:crypto";
import { EngineUnavailableError, isEngineUnavailable } from "@trellis/core";
import { engineDeadline } from "@trellis/core/extend";
import { RedisClient } from "bun";
import { checkSentinel, type RedisSentinelOptions, SentinelLocator } from "./redis-sentinel.js";

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
  /**
   * A failover group behind Redis Sentinel, instead of `url`: the store asks the Sentinels for the
   * primary, checks it is one (`ROLE`), and asks again after a failure (a lost connection, a
   * deadline passed, a `READONLY` answer from a demoted primary, which is retried once).
   */
  readonly sentinel?: RedisSentinelOptions;
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
  /** The app's own client, shared; undefined: the store's own connection. */
  private readonly shared: RedisClient | undefined;
  private readonly url: string | undefined;
  private readonly locator: SentinelLocator | undefined;
  private own: RedisClient | undefined;
  /** The own connection must be made anew (and, with Sentinel, the primary asked for again). */
  private stale = false;
  private connecting: Promise<RedisClient> | undefined;

  constructor(options: RedisStoreOptions, defaultPrefix: string, caller: string) {
    const { client, url, sentinel, prefix = defaultPrefix, commandTimeoutMs = 1000 } = options;
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
    if (sentinel !== undefined && (client !== undefined || url !== undefined)) {
      throw new TypeError(`${caller}: give one of client, url and sentinel.`);
    }
    this.prefix = prefix;
    this.timeoutMs = commandTimeoutMs;
    this.shared = client;
    this.locator =
      sentinel === undefined
        ? undefined
        : new SentinelLocator(checkSentinel(sentinel, caller), commandTimeoutMs, () => {
            // The next call connects to the primary the Sentinels name now.
            this.stale = true;
          });
    this.url = client === undefined && sentinel === undefined ? chooseUrl(url, caller) : undefined;
    if (this.url !== undefined) this.own = this.open(this.url);
  }

  private open(url: string): RedisClient {
    return new RedisClient(url, {
      autoReconnect: false,
      enableOfflineQueue: false,
      connectionTimeout: this.timeoutMs,
    });
  }

  /** The connection to send on: the shared client, or the store's own, connected. */
  private connection(): Promise<RedisClient> | RedisClient {
    if (this.shared !== undefined) return this.shared;
    if (this.own?.connected && !this.stale) return this.own;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<RedisClient> {
    if (this.locator === undefined && !this.stale && this.own !== undefined) {
      await this.own.connect();
      return this.own;
    }
    this.own?.close();
    this.own = undefined;
    const url = this.locator === undefined ? (this.url as string) : await this.locator.primary();
    const client = this.open(url);
    this.own = client;
    this.stale = false;
    await client.connect();
    if (this.locator !== undefined) {
      // A Sentinel may name a primary that has just been demoted: only a primary takes writes.
      const role = (await client.send("ROLE", [])) as unknown[];
      if (role?.[0] !== "master") {
        this.stale = true;
        throw new EngineUnavailableError("redis", "the server the Sentinels named is no primary");
      }
    }
    return client;
  }

  /** Drops the store's own connection so that the next call makes a new one. */
  private drop(): void {
    if (this.shared !== undefined) return;
    this.stale = true;
    const stalled = this.own;
    this.connecting = undefined;
    this.own = undefined;
    stalled?.close();
  }

  private async call(command: string, args: readonly string[]): Promise<unknown> {
    const client = await this.connection();
    try {
      return await client.send(command, args as string[]);
    } catch (error) {
      // Behind Sentinel a lost primary may have moved: ask again on the next call.
      if (this.locator !== undefined && (isEngineUnavailable(error) || isReadOnly(error))) {
        this.drop();
      }
      throw error;
    }
  }

  /** `work`, or an `EngineUnavailableError` once the deadline passed (the late answer is dropped). */
  private deadline<T>(work: () => Promise<T>): Promise<T> {
    // A stalled server may answer much later, or never: start over with a new connection.
    return engineDeadline(work(), "redis", this.timeoutMs, () => this.drop());
  }

  /** Runs `script` with `keys` and `args`, atomically on the server, within the deadline. */
  run(script: Script, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const rest = [String(keys.length), ...keys, ...args];
    const once = async () => {
      try {
        return await this.call("EVALSHA", [script.sha, ...rest]);
      } catch (error) {
        if (!String((error as Error)?.message ?? error).includes("NOSCRIPT")) throw error;
        return await this.call("EVAL", [script.source, ...rest]);
      }
    };
    return this.deadline(async () => {
      try {
        return await once();
      } catch (error) {
        // A demoted primary refused the write, so nothing was written: once more, on the new one.
        if (this.locator === undefined || !isReadOnly(error)) throw error;
        return await once();
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
    this.locator?.close();
    this.own?.close();
    this.own = undefined;
  }
}

const isReadOnly = (error: unknown): boolean =>
  String((error as Error)?.message ?? error).startsWith("READONLY");
