import { EngineUnavailableError } from "@trellis/core";
import { engineDeadline } from "@trellis/core/extend";
import { RedisClient } from "bun";

/** Where the Sentinels of a failover group are, and which group: `{ sentinels, name }`. */
export interface RedisSentinelOptions {
  /** The Sentinels, `"host:port"` (26379 by default), asked in turn for the primary's address. */
  readonly sentinels: readonly string[];
  /** The master group's name, as in `sentinel monitor <name> ...`. */
  readonly name: string;
  /** The password of the data servers (the Sentinels are asked without one). */
  readonly password?: string;
  /** The user of the data servers (Redis 6 ACL), with `password`. */
  readonly username?: string;
}

const hostPort = /^(\[[0-9A-Fa-f:.]+\]|[^\s:/@[\]]+)(?::(\d{1,5}))?$/;

/** Checks the options; a mistake is the developer's, so it throws at once. */
export function checkSentinel(value: unknown, caller: string): RedisSentinelOptions {
  const fail = (why: string): never => {
    throw new TypeError(`${caller}: sentinel ${why}`);
  };
  if (value === null || typeof value !== "object") return fail("must be { sentinels, name }.");
  const { sentinels, name, password, username } = value as Partial<RedisSentinelOptions>;
  if (!Array.isArray(sentinels) || sentinels.length === 0) {
    fail('sentinels must list at least one "host:port".');
  }
  for (const each of sentinels as unknown[]) {
    if (typeof each !== "string" || !hostPort.test(each)) {
      fail(`sentinels: ${JSON.stringify(each)} is not "host:port".`);
    }
  }
  if (typeof name !== "string" || name === "") fail("name must be the master group's name.");
  if (password !== undefined && typeof password !== "string") fail("password must be a string.");
  if (username !== undefined && typeof username !== "string") fail("username must be a string.");
  return value as RedisSentinelOptions;
}

/**
 * Finds a failover group's primary by asking its Sentinels (`SENTINEL get-master-addr-by-name`),
 * in turn, each within `timeoutMs`; the one that answered is asked first next time. Bun's
 * `RedisClient` has no Sentinel support of its own: this is the discovery Sentinel's client
 * guidelines describe, on plain commands.
 */
export class SentinelLocator {
  private readonly order: string[];
  /** Subscribed to `+switch-master` on the Sentinel that last answered. */
  private watcher: RedisClient | undefined;
  private closed = false;

  constructor(
    private readonly options: RedisSentinelOptions,
    private readonly timeoutMs: number,
    /** Called when a Sentinel announces a new primary of the group. */
    private readonly switched: () => void,
  ) {
    this.order = [...options.sentinels];
  }

  /**
   * Listens for `+switch-master` (as Sentinel's client guidelines ask): a primary demoted while it
   * still answers would otherwise take writes until its next reconfiguration, up to seconds.
   */
  private watch(sentinel: string): void {
    if (this.watcher !== undefined || this.closed) return;
    const watcher = new RedisClient(`redis://${withPort(sentinel)}`, {
      autoReconnect: false,
      connectionTimeout: this.timeoutMs,
    });
    this.watcher = watcher;
    watcher.onclose = () => {
      if (this.watcher === watcher) this.watcher = undefined;
    };
    const prefix = `${this.options.name} `;
    watcher
      .subscribe("+switch-master", (message: string) => {
        if (String(message).startsWith(prefix)) this.switched();
      })
      .catch(() => {
        if (this.watcher === watcher) this.watcher = undefined;
        watcher.close();
      });
  }

  /** Stops listening. */
  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = undefined;
  }

  /** The URL of the primary now, or an `EngineUnavailableError` when no Sentinel says. */
  async primary(): Promise<string> {
    for (const sentinel of [...this.order]) {
      const address = await this.ask(sentinel).catch(() => undefined);
      if (address === undefined) continue;
      this.order.splice(this.order.indexOf(sentinel), 1);
      this.order.unshift(sentinel);
      this.watch(sentinel);
      return this.urlOf(address[0], address[1]);
    }
    throw new EngineUnavailableError(
      "redis",
      `no Sentinel of ${this.order.length} named the primary of "${this.options.name}"`,
    );
  }

  private async ask(sentinel: string): Promise<[string, string] | undefined> {
    const client = new RedisClient(`redis://${withPort(sentinel)}`, {
      autoReconnect: false,
      enableOfflineQueue: false,
      connectionTimeout: this.timeoutMs,
    });
    try {
      const asked = client
        .connect()
        .then(() => client.send("SENTINEL", ["get-master-addr-by-name", this.options.name]));
      const reply = await engineDeadline(asked, "redis", this.timeoutMs);
      if (!Array.isArray(reply) || reply.length !== 2) return undefined;
      return [String(reply[0]), String(reply[1])];
    } finally {
      client.close();
    }
  }

  private urlOf(host: string, port: string): string {
    const { username = "", password } = this.options;
    const auth =
      password === undefined
        ? ""
        : `${encodeURIComponent(username)}:${encodeURIComponent(password)}@`;
    return `redis://${auth}${host.includes(":") ? `[${host}]` : host}:${port}`;
  }
}

const withPort = (address: string): string =>
  /:\d{1,5}$/.test(address) && !address.endsWith("]") ? address : `${address}:26379`;
