/** One issue of a 400 problem: where (`body`, `path`, `query`, `header`, `cookie`) and what. */
export interface ProblemIssue {
  readonly in: string;
  readonly path: string;
  readonly message: string;
  readonly code?: string;
}

/** An RFC 9457 problem details body, as Trellis answers errors (`errors` on a 400). */
export interface Problem {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly errors?: readonly ProblemIssue[];
  readonly [member: string]: unknown;
}

/**
 * The server answered, with a status outside 2xx. `problem` is the parsed problem details when the
 * answer was JSON, otherwise undefined.
 *
 * @example
 * try { await api.users.get("nope"); }
 * catch (error) { if (error instanceof TrellisClientError && error.status === 404) ... }
 */
export class TrellisClientError extends Error {
  override readonly name = "TrellisClientError";

  constructor(
    /** The HTTP status. */
    readonly status: number,
    /** The problem details, if the body was JSON. */
    readonly problem: Problem | undefined,
    /** The response, its body already read. */
    readonly response: Response,
    message = `${response.url ? `${response.url}: ` : ""}${status} ${problem?.detail ?? problem?.title ?? response.statusText}`,
  ) {
    super(message.trim());
  }
}

/** No answer came: the request failed on the network (refused, reset, DNS, CORS, aborted). */
export class TrellisNetworkError extends Error {
  override readonly name = "TrellisNetworkError";

  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super(`Request to ${url} failed before any answer: ${describe(options.cause)}`, options);
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
