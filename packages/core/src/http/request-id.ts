/** How an app names each request (`createApp({ requestId })`). */
export interface RequestIdOptions {
  /** The header echoed on every response (and read from the request with `trust`; default `x-request-id`). */
  readonly header?: string;
  /**
   * Keep the id a request brings in `header` (short and printable) instead of making one. Default
   * false, as nginx (`$request_id` is always its own) and Fastify 5 (`requestIdHeader: false`):
   * a client-sent id is client input, and in your logs it could name another client's request.
   * Set it only behind a proxy of yours that sets the header on every request.
   */
  readonly trust?: boolean;
  /**
   * Makes an id for a request that brings none (or an unusable one). Default: a random prefix
   * per process and a counter, unique across instances and restarts without a UUID per request.
   */
  readonly generate?: () => string;
}

/** What an app does with request ids, settled at startup (`requestId: true` or options). */
export interface RequestIdPolicy {
  /** The header, lower case. */
  readonly header: string;
  /** The id of this request: the one it brought when trusted and usable, else a new one. Remembered. */
  assign(request: Request): string;
}

/** Longest incoming id kept; longer ones are replaced (they would bloat every log line). */
export const maxRequestIdLength = 128;

const ids = new WeakMap<Request, string>();

// Ids made on demand: the first time anything asks for a request's id (an error answer, a log
// line, a span), not for every request, so a request nothing asks about pays nothing for one.
let onDemand: (() => string) | undefined;

// Requests made at startup for an answer every request shares (a fixed 405): they get no id.
const unnamed = new WeakSet<Request>();

/** A request made at startup for an answer that does not depend on the request: it has no id. */
export function startupRequest(url: string, init?: RequestInit): Request {
  const request = new Request(url, init);
  unnamed.add(request);
  return request;
}

/**
 * This request's id, for logs, outgoing calls and events: the one the app gave it (with
 * `requestId: true`, every request has one, echoed in `X-Request-ID`), else one made now and kept
 * for the request, so its error answer, its log lines and its spans share one id. Undefined only
 * for an answer computed at startup for every request (a fixed 405 of `app.routes`).
 */
export function getRequestId(request: Request): string | undefined {
  let id = ids.get(request);
  if (id === undefined) {
    if (unnamed.has(request)) return undefined;
    onDemand ??= counterIds();
    id = onDemand();
    ids.set(request, id);
  }
  return id;
}

/** Printable ASCII without spaces, at most `maxRequestIdLength` characters. */
export function isUsableRequestId(value: string): boolean {
  if (value.length === 0 || value.length > maxRequestIdLength) return false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x21 || code > 0x7e) return false;
  }
  return true;
}

function counterIds(): () => string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const prefix = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}

/** Settles the request id policy of an app. */
export function requestIdPolicy(options: RequestIdOptions = {}): RequestIdPolicy {
  const header = (options.header ?? "x-request-id").toLowerCase();
  const counter = counterIds();
  const { generate, trust = false } = options;
  // A user's generator that throws or makes something unusable in a header falls back to ours.
  const fresh =
    generate === undefined
      ? counter
      : () => {
          try {
            const made = generate();
            return typeof made === "string" && isUsableRequestId(made) ? made : counter();
          } catch {
            return counter();
          }
        };
  return {
    header,
    assign(request) {
      const brought = trust ? request.headers.get(header) : null;
      const id = brought !== null && isUsableRequestId(brought) ? brought : fresh();
      ids.set(request, id);
      return id;
    },
  };
}
