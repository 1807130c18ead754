import { join, resolve } from "node:path";
import type { ExampleAuthOptions } from "./account/example-auth.js";

/** How the example server is started, read from the environment. */
export interface ExampleConfig {
  /** `PORT`, default 3000; 0 picks a free port. */
  readonly port: number;
  /** `HOST`, default: every interface. */
  readonly hostname: string | undefined;
  /**
   * `DATABASE_PATH` (relative to the working directory): the SQLite file, used when there is no
   * `databaseUrl` (then undefined). Default `apps/example/data/users.sqlite` from the source, a
   * folder of the user's data for the single-file binary (see `userDataFolders`).
   */
  readonly databasePath: string | undefined;
  /** `DATABASE_URL`: a Postgres URL; the data go there instead of SQLite. */
  readonly databaseUrl?: string | undefined;
  /**
   * `DATABASE_LISTEN_URL`: a direct Postgres URL for the events' LISTEN, when `DATABASE_URL` goes
   * through PgBouncer in transaction mode (which cannot hold a LISTEN); see docs/scale-out.md.
   */
  readonly databaseListenUrl?: string | undefined;
  /** `REDIS_URL`: events are published through this Redis (see `chooseEventTransport`). */
  readonly redisUrl?: string | undefined;
  /** `REUSE_PORT=1`: share the port with other processes (one per core; Linux). */
  readonly reusePort: boolean;
  /** `WORKERS=n`: start a supervisor of n server processes sharing the port (0: just one server). */
  readonly workers?: number;
  /**
   * `DRAIN_MS`: how long the server keeps answering after SIGTERM while readiness is 503 (serve's
   * `drainMs`; unset: its default, 1 s). Set it above your balancer's health-check interval.
   */
  readonly drainMs?: number;
  /**
   * `TRUSTED_PROXY_HOPS=n`: the example runs behind n proxies of yours that each append the
   * address they saw to `X-Forwarded-For` (the documented nginx does); rate limits then count by
   * that address, not the proxy's. Unset: the connection's address (never a header a client sets).
   */
  readonly trustedProxyHops?: number;
  /**
   * `MAX_EVENT_LOOP_DELAY_MS`: how late the event loop may run before readiness answers 503 under
   * pressure (default 1000). Raise it where a busy neighbour, not this process, makes it late.
   */
  readonly maxEventLoopDelayMs?: number;
  /**
   * `AUTH_ISSUER`, `AUTH_AUDIENCE`, `API_KEYS=owner:key,...`: who `GET /me` trusts (default: the
   * local provider of `bun run issuer`, audience `http://localhost:3000`, no API keys).
   */
  readonly auth?: ExampleAuthOptions;
}

/** The default database file from the source: beside `src/`, whatever the working directory. */
export const defaultDatabasePath = join(import.meta.dirname, "..", "data", "users.sqlite");

/** What the entry point decides: where SQLite goes when neither `DATABASE_PATH` nor `DATABASE_URL` says. */
export interface ConfigDefaults {
  /** Called only when the default is needed (it may create a folder). */
  readonly databasePath?: () => string;
}

/**
 * Reads `PORT`, `HOST`, `DATABASE_PATH`, `DATABASE_URL`, `DATABASE_LISTEN_URL`, `REDIS_URL`, `REUSE_PORT`,
 * `WORKERS`, `DRAIN_MS`, `TRUSTED_PROXY_HOPS`, `MAX_EVENT_LOOP_DELAY_MS`, `AUTH_ISSUER`,
 * `AUTH_AUDIENCE` and `API_KEYS`; throws a readable error for a bad value (never repeating a URL, which may hold a
 * password).
 *
 * @example
 * const { port, databasePath, databaseUrl } = readConfig(process.env);
 */
export function readConfig(
  env: Record<string, string | undefined>,
  defaults: ConfigDefaults = {},
): ExampleConfig {
  const databaseUrl = readUrl("DATABASE_URL", env.DATABASE_URL, postgresProtocols);
  if (databaseUrl && env.DATABASE_PATH) {
    throw new Error(
      "Set DATABASE_URL (Postgres) or DATABASE_PATH (SQLite), not both: which one holds the data?",
    );
  }
  const fallback = defaults.databasePath ?? (() => defaultDatabasePath);
  return {
    port: readPort(env.PORT),
    hostname: env.HOST || undefined,
    databasePath: databaseUrl
      ? undefined
      : env.DATABASE_PATH
        ? resolvePath(env.DATABASE_PATH)
        : fallback(),
    databaseUrl,
    ...(env.DATABASE_LISTEN_URL
      ? {
          databaseListenUrl: readUrl(
            "DATABASE_LISTEN_URL",
            env.DATABASE_LISTEN_URL,
            postgresProtocols,
          ),
        }
      : {}),
    redisUrl: readUrl("REDIS_URL", env.REDIS_URL, redisProtocols),
    reusePort: env.REUSE_PORT === "1",
    workers: readWorkers(env.WORKERS),
    ...(env.DRAIN_MS ? { drainMs: readDrainMs(env.DRAIN_MS) } : {}),
    ...(env.TRUSTED_PROXY_HOPS ? { trustedProxyHops: readHops(env.TRUSTED_PROXY_HOPS) } : {}),
    ...(env.MAX_EVENT_LOOP_DELAY_MS
      ? { maxEventLoopDelayMs: readDelayLimit(env.MAX_EVENT_LOOP_DELAY_MS) }
      : {}),
    ...(env.AUTH_ISSUER || env.AUTH_AUDIENCE || env.API_KEYS
      ? {
          auth: {
            issuer: readUrl("AUTH_ISSUER", env.AUTH_ISSUER, ["http:", "https:"]),
            audience: env.AUTH_AUDIENCE || undefined,
            apiKeys: readApiKeys(env.API_KEYS),
          },
        }
      : {}),
  };
}

/** `API_KEYS=owner:key,owner:key`: the keys `GET /me` accepts (each at least 16 characters). */
function readApiKeys(value: string | undefined): Record<string, string> | undefined {
  if (!value) return undefined;
  const keys: Record<string, string> = {};
  for (const pair of value.split(",")) {
    const at = pair.indexOf(":");
    const owner = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    if (at < 1 || owner === "" || key.length < 16) {
      throw new Error(
        "API_KEYS must list owner:key pairs, separated by commas, each key of 16 characters or more.",
      );
    }
    keys[owner] = key;
  }
  return keys;
}

/** How events reach the other instances of the example. */
export type EventTransport =
  | { readonly kind: "redis"; readonly url: string }
  | { readonly kind: "postgres"; readonly url: string; readonly listenUrl?: string | undefined }
  | { readonly kind: "in-process" };

/**
 * Where the example publishes its events: through Redis when `REDIS_URL` is set; else through
 * Postgres `LISTEN/NOTIFY` when `DATABASE_URL` is set (the database every instance already
 * shares); else in this process only (one instance, as the README's two commands run it).
 *
 * @example
 * chooseEventTransport(readConfig(process.env)); // { kind: "in-process" }
 */
export function chooseEventTransport({
  redisUrl,
  databaseUrl,
  databaseListenUrl,
}: Pick<ExampleConfig, "redisUrl" | "databaseUrl" | "databaseListenUrl">): EventTransport {
  if (redisUrl) return { kind: "redis", url: redisUrl };
  if (databaseUrl) {
    return {
      kind: "postgres",
      url: databaseUrl,
      ...(databaseListenUrl ? { listenUrl: databaseListenUrl } : {}),
    };
  }
  return { kind: "in-process" };
}

/** A decimal whole number from `min` to `max`; else an error naming the variable and the range. */
function readWholeNumber(
  name: string,
  value: string,
  min: number,
  max: number,
  what = "an integer",
): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new Error(`${name} must be ${what} from ${min} to ${max}, not ${JSON.stringify(value)}.`);
  }
  return number;
}

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") return 3000;
  return readWholeNumber("PORT", value, 0, 65535);
}

const maxWorkers = 256;

// The longest duration a setting takes: ten minutes.
const maxMs = 600_000;
const milliseconds = "a whole number of milliseconds";

const readDrainMs = (value: string) => readWholeNumber("DRAIN_MS", value, 0, maxMs, milliseconds);

const readDelayLimit = (value: string) =>
  readWholeNumber("MAX_EVENT_LOOP_DELAY_MS", value, 1, maxMs, milliseconds);

const readHops = (value: string) => readWholeNumber("TRUSTED_PROXY_HOPS", value, 1, 10);

function readWorkers(value: string | undefined): number {
  if (value === undefined || value === "") return 0;
  return readWholeNumber("WORKERS", value, 0, maxWorkers);
}

// What Bun.sql and Bun's RedisClient accept.
const postgresProtocols = ["postgres:", "postgresql:"];
const redisProtocols = ["redis:", "rediss:", "redis+tls:", "redis+unix:", "redis+tls+unix:"];

function readUrl(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined || value === "") return undefined;
  const protocol = URL.parse(value)?.protocol;
  if (protocol === undefined || !protocols.includes(protocol)) {
    // Not the value itself: a URL may carry a password into the logs.
    throw new Error(
      `${name} must be a URL starting with ${protocols.map((each) => `${each}//`).join(" or ")}` +
        `${protocol ? `, not ${protocol}//` : ""}.`,
    );
  }
  return value;
}

// ":memory:" is SQLite's name for a database without a file; anything else is a path.
const resolvePath = (path: string): string => (path === ":memory:" ? path : resolve(path));
