/** How an app names each request (`createApp({ requestId })`). */
export interface RequestIdOptions {
  /** The header read from the request and echoed on the response (default `x-request-id`). */
  readonly header?: string;
  /**
   * Makes an id for a request that brings none (or an unusable one). Default: a random prefix
   * per process and a counter, unique across instances and restarts without a UUID per request.
   */
  readonly generate?: () => string;
}

/** What an app does with request ids, settled at startup. */
export interface RequestIdPolicy {
  /** The header, lower case. */
  readonly header: string;
  /** The id of this request: the one it brought when usable, else a new one. Remembered. */
  assign(request: Request): string;
}

/** Longest incoming id kept; longer ones are replaced (they would bloat every log line). */
export const maxRequestIdLength = 128;

const ids = new WeakMap<Request, string>();

/**
 * The id Trellis gave this request (the `X-Request-ID` it brought, or a generated one), for
 * logs, outgoing calls and events; `undefined` when request ids are off or the request did not
 * come through the app.
 */
export function getRequestId(request: Request): string | undefined {
  return ids.get(request);
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
  const { generate } = options;
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
      const brought = request.headers.get(header);
      const id = brought !== null && isUsableRequestId(brought) ? brought : fresh();
      ids.set(request, id);
      return id;
    },
  };
}
