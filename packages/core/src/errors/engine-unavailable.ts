/**
 * An engine (a database, a cache, a broker) that did not answer in time or could not be reached:
 * thrown by Trellis's own engine clients (a Redis store past its command deadline) and answered
 * by the app as 503 with `Retry-After`, like the connection errors of Bun's own clients.
 *
 * @example
 * throw new EngineUnavailableError("redis", "no answer within 1000 ms");
 */
export class EngineUnavailableError extends Error {
  override readonly name = "EngineUnavailableError";
  /** Which engine: "redis", "postgres", ... (for logs; never sent to a client). */
  readonly engine: string;

  constructor(engine: string, message: string, options?: { readonly cause?: unknown }) {
    super(`${engine}: ${message}`, options);
    this.engine = engine;
  }
}

// The connection failures of Bun's clients (Bun.sql: ERR_POSTGRES_CONNECTION_CLOSED, ..._REFUSED,
// ..._TIMEOUT, ERR_POSTGRES_IDLE_TIMEOUT; RedisClient: ERR_REDIS_CONNECTION_CLOSED, ...) and of
// sockets (ECONNREFUSED, ...). A query's own error (a constraint, a syntax error) is not one.
const bunEngineCode =
  /^ERR_(POSTGRES|MYSQL|REDIS|SQLITE)_(CONNECTION_\w+|\w*TIMEOUT|SERVER_CLOSED|POOL_\w+|TLS_\w+)$/;
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ConnectionRefused",
  "ConnectionClosed",
]);

/** True when `error` says an engine could not be reached or did not answer (its cause, too). */
export function isEngineUnavailable(error: unknown): boolean {
  try {
    return engineFailure(error);
  } catch {
    return false; // a Proxy whose traps throw, a getter that throws: not ours to classify
  }
}

function engineFailure(error: unknown): boolean {
  let current = error;
  // A wrapper (a provider's own error with the driver's as cause) counts too; a few levels deep.
  for (let depth = 0; depth < 4 && current !== null && typeof current === "object"; depth++) {
    if (current instanceof EngineUnavailableError) return true;
    const { name, code } = current as { name?: unknown; code?: unknown };
    if (name === "EngineUnavailableError") return true;
    if (typeof code === "string" && (bunEngineCode.test(code) || socketCodes.has(code))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
